import type { NotificationOutcome, NotificationType } from '@civitas/events';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseOf } from '../lib/table';
import type { ChangeSet, ProjectedEvent } from '../projection';
import {
  groupNoticesTable,
  notificationAudiencesTable,
  notificationDelegationsTable,
  notificationDeliveriesTable,
  notificationItemsTable,
  notificationLanguagesTable,
  notificationReadItemsTable,
  notificationReadsTable,
  notificationSendersTable,
} from './notifications.table';

export type Tables = DatabaseOf<
  | typeof notificationItemsTable
  | typeof groupNoticesTable
  | typeof notificationReadsTable
  | typeof notificationReadItemsTable
  | typeof notificationDeliveriesTable
  | typeof notificationLanguagesTable
  | typeof notificationDelegationsTable
  | typeof notificationSendersTable
  | typeof notificationAudiencesTable
>;

export interface Item {
  id: string;
  userId: string;
  type: NotificationType;
  groupId?: number | null;
  topicId?: string | null;
  actorId?: string | null;
  outcome?: NotificationOutcome | null;
  subjectId?: string | null;
}

const AUDIENCE_ROWS_PER_STATEMENT = 5000;

export const delegateKey = (groupId: number, userId: string) => `${groupId}:${userId}`;

/** The events of a member choosing (a vote or a ballot of any method): their delegators hear of it. */
const CHOOSING_TYPES: ReadonlySet<string> = new Set(['VoteCast', 'VoteRetracted', 'BallotCast', 'BallotWithdrawn', 'RankedBallotCast', 'ApprovalBallotCast']);

/** The batch's voters whom someone delegates to in the vote's group, as the table stood before the batch. */
export async function delegatesAmong(tables: Kysely<Tables>, events: readonly ProjectedEvent[]): Promise<Set<string>> {
  const voters = [...new Set(events.flatMap((event) => (CHOOSING_TYPES.has(event.type) ? [(event.data as { userId: string }).userId] : [])))];
  if (voters.length === 0) return new Set();
  const rows = await tables
    .selectFrom('notification_delegations')
    .select(['group_id', 'delegate_id'])
    .distinct()
    .where(sql<boolean>`delegate_id = any(${voters}::uuid[])`)
    .execute();
  return new Set(rows.map((row) => delegateKey(row.group_id, row.delegate_id)));
}

/** Who joined or took part in which group with this event (docs/decisions.md, Notifications: who is told). */
export function tookPart(event: ProjectedEvent & { type: string; data: unknown }): { groupId: number; userId: string } | null {
  const data = event.data as { groupId?: number; userId?: string; createdBy?: string; delegatorId?: string };
  if (data.groupId === undefined) return null;
  switch (event.type) {
    case 'GroupMemberJoined':
    case 'OpinionPosted':
    case 'VoteCast':
    case 'BallotCast':
    case 'RankedBallotCast':
    case 'ApprovalBallotCast':
    case 'CandidateRegistered':
    case 'ChatMessagePosted':
      return data.userId ? { groupId: data.groupId, userId: data.userId } : null;
    case 'TopicCreated':
      return data.createdBy ? { groupId: data.groupId, userId: data.createdBy } : null;
    case 'DelegationAssigned':
      return data.delegatorId ? { groupId: data.groupId, userId: data.delegatorId } : null;
    default:
      return null;
  }
}

/**
 * Gathers who took part, first time first, and writes them in one statement: from the first time on
 * (an existing row stays); a member who left and joined again counts from the new join.
 */
export class AudienceWriter {
  private pending = new Map<string, { group_id: number; user_id: string; since: string }>();

  constructor(private readonly tables: Kysely<Tables>) {}

  add(groupId: number, userId: string, since: string): void {
    const key = `${groupId}:${userId}`;
    if (!this.pending.has(key)) this.pending.set(key, { group_id: groupId, user_id: userId, since });
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    // Three parameters a row, well below PostgreSQL's 65,535 per statement.
    for (let start = 0; start < rows.length; start += AUDIENCE_ROWS_PER_STATEMENT) {
      await this.tables
        .insertInto('notification_audiences')
        .values(rows.slice(start, start + AUDIENCE_ROWS_PER_STATEMENT))
        .onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing())
        .execute();
    }
  }
}

/** Writes personal items; an item written again (same id) moves to its latest occurrence, unread again. */
export class ItemWriter {
  constructor(
    private readonly tables: Kysely<Tables>,
    private readonly schema: string,
    private readonly changes: ChangeSet,
  ) {}

  async write(fields: Item, event: ProjectedEvent, at: string): Promise<void> {
    const row = {
      user_id: fields.userId,
      type: fields.type,
      occurred_at: at,
      position: event.position,
      group_id: fields.groupId ?? null,
      topic_id: fields.topicId ?? null,
      actor_id: fields.actorId ?? null,
      outcome: fields.outcome ?? null,
      subject_id: fields.subjectId ?? null,
    };
    await this.tables
      .insertInto('notification_items')
      .values({ id: fields.id, ...row })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
      .execute();
    this.changes.add('notification_items', fields.userId);
  }

  /** One statement for all of a delegate's delegators in the group (or in every group, `groupId` null). */
  async toDelegators(
    event: ProjectedEvent,
    at: string,
    target: {
      delegateId: string;
      groupId: number | null;
      type: NotificationType;
      idOf: (delegator: RawBuilder<string>) => RawBuilder<string>;
      topicId: string | null;
      outcome: NotificationOutcome | null;
    },
  ): Promise<void> {
    const delegator = sql<string>`d.delegator_id::text`;
    const inGroup = target.groupId === null ? sql`true` : sql`d.group_id = ${target.groupId}`;
    const written = await sql<{ user_id: string }>`
      insert into ${sql.id(this.schema, notificationItemsTable.name)} (id, user_id, type, occurred_at, position, group_id, topic_id, actor_id, outcome, subject_id)
      select ${target.idOf(delegator)}, d.delegator_id, ${target.type}, ${at}::timestamptz, ${event.position}, d.group_id,
        ${target.topicId}::uuid, ${target.delegateId}::uuid, ${target.outcome}, null
      from ${sql.id(this.schema, notificationDelegationsTable.name)} d
      where d.delegate_id = ${target.delegateId} and ${inGroup}
      on conflict (id) do update set occurred_at = excluded.occurred_at, position = excluded.position,
        actor_id = excluded.actor_id, outcome = excluded.outcome
      returning user_id`.execute(this.tables);
    for (const { user_id } of written.rows) this.changes.add('notification_items', user_id);
  }

  /** The delegate's weight no longer counts for their delegators (in one group, or everywhere). */
  async delegateIneligible(event: ProjectedEvent, at: string, delegateId: string, groupId: number | null, outcome: NotificationOutcome): Promise<void> {
    await this.toDelegators(event, at, {
      delegateId,
      groupId,
      type: 'delegate_ineligible',
      idOf: (delegator) => sql<string>`'delegate_ineligible:' || d.group_id::text || ':' || ${delegator} || ':' || ${event.id}::text`,
      topicId: null,
      outcome,
    });
  }

  async rememberSender(subjectId: string, userId: string): Promise<void> {
    await this.tables
      .insertInto('notification_senders')
      .values({ subject_id: subjectId, user_id: userId })
      .onConflict((conflict) => conflict.column('subject_id').doNothing())
      .execute();
  }

  async senderOf(subjectId: string): Promise<string | null> {
    const row = await this.tables.selectFrom('notification_senders').select('user_id').where('subject_id', '=', subjectId).executeTakeFirst();
    return row?.user_id ?? null;
  }
}
