import { participationRefusal, recount, type DelegationNetwork, type EligibilityGroup } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { shownFirstName } from '../lib/person-names';

/**
 * Parts of one group's delegation graph read from the `delegation` projection's tables, as the
 * pure rule's DelegationNetwork (events/src/delegation/weighted-tally.ts): a member's chain (for a
 * receipt) or the members whose chains reach a member (for the weight they carry). Only the part
 * asked for is read, never the whole group; eligibility is the shared rule over the projection's
 * standing and membership rows.
 */

/** One member of the part read: their delegate in the group, what eligibility needs, their names. */
interface NetworkRow {
  user_id: string;
  delegate_id: string | null;
  is_subscribed: boolean;
  verified_country_keys: string[];
  is_member: boolean;
  is_leader: boolean;
  first_name: string | null;
  last_name: string | null;
  choice: string | null;
}

export interface NetworkPart extends DelegationNetwork {
  /** The members read, with their names and (for a subject) their direct choice. */
  readonly members: ReadonlyMap<string, NetworkRow>;
}

/** The group as eligibility sees it, or undefined when the projection does not know it. */
export async function eligibilityGroup(readModels: Kysely<ReadModels>, groupId: number): Promise<EligibilityGroup | undefined> {
  return readModels.selectFrom('delegation_groups').select(['department', 'subcategory']).where('group_id', '=', groupId).executeTakeFirst();
}

/** A read model in raw SQL (the schema-bound Kysely names the schema only in built queries). */
const table = (name: string) => sql.table(`${READ_SCHEMA}.${name}`);

function networkOf(group: EligibilityGroup, rows: NetworkRow[]): NetworkPart {
  const members = new Map(rows.map((row) => [row.user_id, row]));
  const delegators = new Map<string, string[]>();
  for (const row of rows) {
    if (row.delegate_id === null) continue;
    const list = delegators.get(row.delegate_id) ?? [];
    list.push(row.user_id);
    delegators.set(row.delegate_id, list);
  }
  return {
    members,
    delegateOf: (memberId) => members.get(memberId)?.delegate_id ?? undefined,
    delegatorsOf: (memberId) => delegators.get(memberId) ?? [],
    // A member outside the part read is never reached by the walks that use it; unknown means not eligible.
    isEligible: (memberId) => {
      const row = members.get(memberId);
      return (
        row !== undefined &&
        participationRefusal(group, {
          isSubscribed: row.is_subscribed,
          verifiedCountryKeys: row.verified_country_keys,
          membership: row.is_member ? { isLeader: row.is_leader } : null,
        }) === null
      );
    },
  };
}

/** Each member of `walk` with their delegate, standing, membership, names and (with a subject) direct choice. */
function readMembers(readModels: Kysely<ReadModels>, groupId: number, subjectId: string | null, walk: RawBuilder<unknown>) {
  return sql<NetworkRow>`
    with recursive ${walk}
    select w.user_id, d.delegate_id,
      coalesce(s.is_subscribed, false) as is_subscribed, coalesce(s.verified_country_keys, '{}') as verified_country_keys,
      m.user_id is not null as is_member, coalesce(m.is_leader, false) as is_leader,
      ${shownFirstName('u')}, u.last_name, c.choice
    from walk w
    left join ${table('delegations')} d on d.delegator_id = w.user_id and d.group_id = ${groupId} and d.is_active
    left join ${table('delegation_standing')} s on s.user_id = w.user_id
    left join ${table('delegation_members')} m on m.group_id = ${groupId} and m.user_id = w.user_id
    left join ${table('users')} u on u.id = w.user_id
    left join ${table('direct_choices')} c on c.subject_id = ${subjectId}::uuid and c.user_id = w.user_id`.execute(readModels);
}

/**
 * The member's chain in the group: them, their delegate, that one's delegate, ... until a member
 * with no delegate or one already on it (a cycle), with each one's direct choice on the subject.
 */
export async function chainOf(
  readModels: Kysely<ReadModels>,
  group: EligibilityGroup & { groupId: number },
  memberId: string,
  subjectId: string,
): Promise<NetworkPart> {
  const walk = sql`walk(user_id, path) as (
      select ${memberId}::uuid, array[${memberId}::uuid]
      union all
      select d.delegate_id, w.path || d.delegate_id
      from walk w join ${table('delegations')} d on d.delegator_id = w.user_id and d.group_id = ${group.groupId} and d.is_active
      where not d.delegate_id = any(w.path)
    )`;
  const { rows } = await readMembers(readModels, group.groupId, subjectId, walk);
  return networkOf(group, rows);
}

/** The member and everyone whose chain reaches them in the group (whatever their eligibility: the rule decides). */
export async function catchmentOf(readModels: Kysely<ReadModels>, group: EligibilityGroup & { groupId: number }, memberId: string): Promise<NetworkPart> {
  return catchmentOfAll(readModels, group, [memberId]);
}

/** These members and everyone whose chain reaches one of them in the group (a topic's voters: the weight that took part). */
export async function catchmentOfAll(
  readModels: Kysely<ReadModels>,
  group: EligibilityGroup & { groupId: number },
  memberIds: readonly string[],
): Promise<NetworkPart> {
  // UNION drops members already reached, so a cycle ends the walk.
  const walk = sql`walk(user_id) as (
      select unnest(${[...memberIds]}::uuid[])
      union
      select d.delegator_id
      from walk w join ${table('delegations')} d on d.delegate_id = w.user_id and d.group_id = ${group.groupId} and d.is_active
    )`;
  const { rows } = await readMembers(readModels, group.groupId, null, walk);
  return networkOf(group, rows);
}

/**
 * The weight that reaches these members' own choices in the group, each member once: the members
 * themselves and everyone whose chain reaches one of them, by the pure rule (an ineligible member or
 * a cycle carries nothing). A topic's voters: the weight that took part (issue #34 item 3).
 */
export async function weightReaching(
  readModels: Kysely<ReadModels>,
  group: EligibilityGroup & { groupId: number },
  memberIds: readonly string[],
): Promise<number> {
  if (memberIds.length === 0) return 0;
  const network = await catchmentOfAll(readModels, group, memberIds);
  let weight = 0;
  for (const reached of recount(network, new Map(memberIds.map((id) => [id, id])), network.members.keys()).values()) weight += reached;
  return weight;
}
