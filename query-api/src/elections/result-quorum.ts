import { hasMembers, participationRefusal, quorumReached, type DecidingRule, type EligibilityGroup, type QuorumFigures } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { sql, type Kysely } from 'kysely';

/**
 * A result's quorum figures (issue #34 item 3; docs/decisions.md, Quorum and majority). Closed: what
 * TopicClosed recorded (the topics row). Open: the weight that took part as the live count gives it,
 * of the group's eligible weight as the read models hold it now.
 */

/** The quorum columns of a topics row. */
export interface QuorumTopic {
  status: 'active' | 'closed' | 'deleted';
  quorum_percent: number | null;
  quorum_eligible_weight: number | null;
  quorum_participating_weight: number | null;
  quorum_reached: boolean | null;
  decided_by: DecidingRule | null;
}

export interface QuorumFields {
  quorum: QuorumFigures | null;
  decidedBy: DecidingRule | null;
}

export const NO_QUORUM: QuorumFields = { quorum: null, decidedBy: null };

/** Whether the live count needs the quorum's figures: an open topic opened with a quorum. */
export const countsQuorumLive = (topic: QuorumTopic) => topic.status !== 'closed' && topic.quorum_percent !== null;

/** Everyone who may take part in the group now, by the participation rule (a member group's members; an open group's citizens, subscribers or accounts). */
export async function eligibleWeightNow(readModels: Kysely<ReadModels>, group: EligibilityGroup & { id: number }, now: Date): Promise<number> {
  // As hasAccessAt judges a subscription: active or cancelled, until its end.
  const subscribed = sql<boolean>`coalesce(u.is_subscribed and u.subscription_end_date > ${now}, false)`;
  if (hasMembers(group.department)) {
    const members = await readModels
      .selectFrom('group_members as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.is_leader', subscribed.as('subscribed')])
      .where('m.group_id', '=', group.id)
      .where('m.status', '=', 'active')
      .execute();
    return members.filter(
      (member) =>
        participationRefusal(group, { isSubscribed: member.subscribed, verifiedCountryKeys: [], membership: { isLeader: member.is_leader } }) === null,
    ).length;
  }
  if (group.department === 'national') {
    if (group.subcategory === null) return 0;
    const citizens = await readModels
      .selectFrom('user_verifications')
      .select(sql<number>`count(distinct user_id)::int`.as('count'))
      .where('status', '=', 'approved')
      .where('country_key', '=', group.subcategory)
      .executeTakeFirstOrThrow();
    return citizens.count;
  }
  // Religion: every account, erased ones too, as the closing counts them (docs/decisions.md, Quorum and majority).
  const accounts = await readModels
    .selectFrom('users as u')
    .select(sql<number>`count(*)::int`.as('count'))
    .$if(group.department === 'international', (query) => query.where(subscribed))
    .executeTakeFirstOrThrow();
  return accounts.count;
}

/** The figures a closed topic recorded (none for a topic closed before quorums), and the rule that decided it. */
export function recordedQuorum(topic: QuorumTopic): QuorumFields {
  const { quorum_percent: percent, quorum_eligible_weight: eligibleWeight, quorum_participating_weight: participatingWeight, quorum_reached: reached } = topic;
  if (percent === null || eligibleWeight === null || participatingWeight === null || reached === null) return NO_QUORUM;
  return { quorum: { percent, eligibleWeight, participatingWeight, reached }, decidedBy: topic.decided_by };
}

/** The result's quorum fields: recorded once closed; live from `participatingWeight` while open; none for a topic opened before quorums. */
export async function quorumFields(
  readModels: Kysely<ReadModels>,
  topic: QuorumTopic,
  group: EligibilityGroup & { id: number },
  participatingWeight: number,
  now: Date,
): Promise<QuorumFields> {
  if (topic.status === 'closed') return recordedQuorum(topic);
  const percent = topic.quorum_percent;
  if (percent === null) return NO_QUORUM;
  const eligibleWeight = await eligibleWeightNow(readModels, group, now);
  return { quorum: { percent, eligibleWeight, participatingWeight, reached: quorumReached(percent, eligibleWeight, participatingWeight) }, decidedBy: null };
}
