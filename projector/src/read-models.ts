import type { Participant } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import type { GroupMembersTable, GroupsTable } from './groups/groups.table';
import type { UsersTable } from './identity/users.table';
import type { GroupMembershipsTable, InvitationsTable } from './invitations/invitations.table';
import type { OpinionsTable, VotesTable } from './opinions/opinions.table';
import type { GroupActivityTable, GroupParticipantsTable, MemberStatsTable, TopicParticipantsTable } from './profiles/participation.table';
import type { SubscriptionPaymentsTable } from './subscriptions/subscription-payments.table';
import type { LawsTable, TopicsTable } from './topics/topics.table';
import type { UserVerificationsTable } from './verification/user-verifications.table';

/** Every read model, as the command and query sides read them (schema-bound Kysely). */
export interface ReadModels {
  groups: GroupsTable;
  group_members: GroupMembersTable;
  users: UsersTable;
  user_verifications: UserVerificationsTable;
  subscription_payments: SubscriptionPaymentsTable;
  topics: TopicsTable;
  laws: LawsTable;
  opinions: OpinionsTable;
  votes: VotesTable;
  member_stats: MemberStatsTable;
  topic_participants: TopicParticipantsTable;
  group_participants: GroupParticipantsTable;
  group_activity: GroupActivityTable;
  invitations: InvitationsTable;
  group_memberships: GroupMembershipsTable;
}

export interface Membership {
  role: 'owner' | 'member';
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
 * Loads a member's eligibility facts in one round trip. It lives with the read models it
 * reads, so the command side (enforcing) and the query side (telling the client) share it.
 */
export async function loadParticipantProfile(readModels: Kysely<ReadModels>, userId: string): Promise<ParticipantProfile | null> {
  const row = await readModels.selectFrom('users as u')
    .select((eb) => [
      'u.is_subscribed',
      eb.selectFrom('user_verifications as v').select(sql<string[]>`coalesce(array_agg(v.country_key), '{}')`.as('keys'))
        .whereRef('v.user_id', '=', 'u.id').where('v.status', '=', 'approved').as('verified_country_keys'),
      eb.selectFrom('group_members as m')
        .select(sql<Array<{ groupId: number; role: Membership['role']; isLeader: boolean }>>`coalesce(json_agg(json_build_object('groupId', m.group_id, 'role', m.role, 'isLeader', m.is_leader)), '[]')`.as('list'))
        .whereRef('m.user_id', '=', 'u.id').as('memberships'),
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
