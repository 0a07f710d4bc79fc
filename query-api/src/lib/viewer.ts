import { ServiceUnavailableError, type Participant } from '@civitas/events';
import type { ReadModelRow, ReadModels } from '@civitas/projector/read-models';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { FastifyRequest } from 'fastify';
import type { ReachPosition } from './read-your-writes';
import { sql, type Kysely } from 'kysely';

/** Who is asking: null for a visitor. Reads that depend on eligibility or membership start here. */
export async function viewerOf(request: FastifyRequest, auth: SessionAuth, readModels: Kysely<ReadModels>): Promise<ParticipantProfile | null> {
  const session = await auth.current(request);
  return session ? loadParticipantProfile(readModels, session.userId) : null;
}

export interface QueryContext {
  readModels: Kysely<ReadModels>;
  auth: SessionAuth;
  now: () => Date;
  /** Read-your-writes: waits for projections to reach the request's position. */
  reachPosition: ReachPosition;
}

/** The signed-in member of a route that declares member access; a session exists only after its account's events, so a missing row is lag. */
export async function requireViewer(request: FastifyRequest, { readModels }: Pick<QueryContext, 'readModels'>): Promise<ParticipantProfile> {
  const profile = await loadParticipantProfile(readModels, memberOf(request));
  if (!profile) throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
  return profile;
}

export interface Membership {
  role: ReadModelRow<'group_members'>['role'];
  isLeader: boolean;
}

/** What eligibility needs to know about a member, for every group at once. */
export interface ParticipantProfile {
  userId: string;
  isSubscribed: boolean;
  verifiedCountryKeys: string[];
  memberships: Map<number, Membership>;
}

/**
 * Loads a member's eligibility facts in one round trip, so the query side can tell the client
 * what it may do (the command side enforces the same rule on the events: ParticipationGate).
 */
export async function loadParticipantProfile(readModels: Kysely<ReadModels>, userId: string): Promise<ParticipantProfile | null> {
  const row = await readModels
    .selectFrom('users as u')
    .select((eb) => [
      'u.is_subscribed',
      eb
        .selectFrom('user_verifications as v')
        .select(sql<string[]>`coalesce(array_agg(v.country_key), '{}')`.as('keys'))
        .whereRef('v.user_id', '=', 'u.id')
        .where('v.status', '=', 'approved')
        .as('verified_country_keys'),
      eb
        .selectFrom('group_members as m')
        .select(
          sql<
            Array<{ groupId: number; role: Membership['role']; isLeader: boolean }>
          >`coalesce(json_agg(json_build_object('groupId', m.group_id, 'role', m.role, 'isLeader', m.is_leader)), '[]')`.as('list'),
        )
        .whereRef('m.user_id', '=', 'u.id')
        .where('m.status', '=', 'active')
        .as('memberships'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId,
    isSubscribed: row.is_subscribed,
    verifiedCountryKeys: row.verified_country_keys ?? [],
    memberships: new Map((row.memberships ?? []).map((membership) => [membership.groupId, { role: membership.role, isLeader: membership.isLeader }])),
  };
}

/** The eligibility rule's view of a member in one group. */
export const participantIn = (profile: ParticipantProfile, groupId: number): Participant => ({
  isSubscribed: profile.isSubscribed,
  verifiedCountryKeys: profile.verifiedCountryKeys,
  membership: profile.memberships.get(groupId) ?? null,
});
