import type { NotificationOutcome, NotificationType } from '@civitas/events';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseOf } from '../lib/table';
import { defineProjection, eventTime, type ChangeSet, type ProjectedEvent } from '../projection';
import {
  groupNoticesTable,
  notificationDelegationsTable,
  notificationDeliveriesTable,
  notificationItemsTable,
  notificationAudiencesTable,
  notificationLanguagesTable,
  notificationReadItemsTable,
  notificationReadsTable,
  notificationSendersTable,
} from './notifications.table';

type Tables = DatabaseOf<
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

interface Item {
  id: string;
  userId: string;
  type: NotificationType;
  groupId?: number | null;
  topicId?: string | null;
  actorId?: string | null;
  outcome?: NotificationOutcome | null;
  subjectId?: string | null;
}

/**
 * Every member's notifications, from the events (issue #33; docs/decisions.md, Notifications). What a
 * whole group is told is one `group_notices` row, whatever the group's size; only what concerns one
 * member is written per member. `closing_soon` has no rows: the feed derives it from the topics.
 */
export const notificationsProjection = defineProjection({
  name: 'notifications',
  version: 1,
  tables: [
    notificationItemsTable,
    groupNoticesTable,
    notificationReadsTable,
    notificationReadItemsTable,
    notificationDeliveriesTable,
    notificationLanguagesTable,
    notificationDelegationsTable,
    notificationSendersTable,
    notificationAudiencesTable,
  ],
  handles: [
    'GroupMemberJoined',
    'OpinionPosted',
    'CandidateRegistered',
    'TopicCreated',
    'TopicDeleted',
    'ElectionDecided',
    'VoteCast',
    'VoteRetracted',
    'BallotCast',
    'BallotWithdrawn',
    'DelegationAssigned',
    'DelegationRevoked',
    'GroupMemberLeft',
    'UserBanned',
    'AccountErased',
    'ChatMessagePosted',
    'VerificationApproved',
    'VerificationRejected',
    'ReportSubmitted',
    'ReportReviewed',
    'InvitationCreated',
    'InvitationAccepted',
    'SubscriptionRenewed',
    'PaymentFailed',
    'SubscriptionExpired',
    'NotificationsRead',
    'NotificationDeliveryChosen',
    'NotificationLanguageChosen',
  ],

  async apply(db, schema, events, changes) {
    const tables = db.withSchema(schema);
    const items = new ItemWriter(tables, schema, changes);
    for (const event of events) {
      const at = eventTime(event);
      const item = (fields: Item) => items.write(fields, event, at);
      const taker = tookPart(event);
      if (taker) await joinAudience(tables, taker.groupId, taker.userId, at);
      switch (event.type) {
        case 'TopicCreated': {
          const { topicId, groupId, type, createdBy } = event.data;
          await tables
            .insertInto('group_notices')
            .values({
              id: `topic:${topicId}`,
              group_id: groupId,
              type: type === 'election' ? 'election_opened' : 'topic_opened',
              occurred_at: at,
              position: event.position,
              topic_id: topicId,
              actor_id: createdBy,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          changes.add('group_notices', groupId);
          break;
        }
        case 'TopicDeleted': {
          const { topicId, groupId } = event.data;
          await tables.deleteFrom('group_notices').where('topic_id', '=', topicId).execute();
          const removed = await tables.deleteFrom('notification_items').where('topic_id', '=', topicId).returning('user_id').execute();
          for (const { user_id } of removed) changes.add('notification_items', user_id);
          changes.add('group_notices', groupId);
          break;
        }
        case 'ElectionDecided': {
          const { topicId, groupId, winnerId } = event.data;
          await tables
            .insertInto('group_notices')
            .values({
              id: `result:${topicId}`,
              group_id: groupId,
              type: 'election_result',
              occurred_at: at,
              position: event.position,
              topic_id: topicId,
              actor_id: winnerId,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          changes.add('group_notices', groupId);
          if (winnerId) await item({ id: `elected:${topicId}`, userId: winnerId, type: 'elected', groupId, topicId });
          break;
        }
        case 'VoteCast':
        case 'VoteRetracted':
        case 'BallotCast':
        case 'BallotWithdrawn':
          await items.toDelegators(event, at, {
            delegateId: event.data.userId,
            groupId: event.data.groupId,
            type: 'delegate_voted',
            // One item per topic, moved to the latest vote: a delegate voting on ten opinions is one notification.
            idOf: (delegator) => sql<string>`'delegate_voted:' || ${event.data.topicId}::text || ':' || ${delegator}`,
            topicId: event.data.topicId,
            outcome: null,
          });
          break;
        case 'DelegationAssigned': {
          const { groupId, delegatorId, delegateId } = event.data;
          await tables
            .insertInto('notification_delegations')
            .values({ group_id: groupId, delegator_id: delegatorId, delegate_id: delegateId })
            .onConflict((conflict) => conflict.columns(['group_id', 'delegator_id']).doUpdateSet({ delegate_id: delegateId }))
            .execute();
          break;
        }
        case 'DelegationRevoked': {
          const { groupId, delegatorId, delegateId } = event.data;
          await tables
            .deleteFrom('notification_delegations')
            .where('group_id', '=', groupId)
            .where('delegator_id', '=', delegatorId)
            .where('delegate_id', '=', delegateId)
            .execute();
          break;
        }
        case 'GroupMemberLeft':
          await tables.deleteFrom('notification_audiences').where('group_id', '=', event.data.groupId).where('user_id', '=', event.data.userId).execute();
          await items.delegateIneligible(event, at, event.data.userId, event.data.groupId, 'left');
          break;
        case 'UserBanned':
          await items.delegateIneligible(event, at, event.data.userId, null, 'banned');
          break;
        case 'AccountErased': {
          const { userId } = event.data;
          await items.delegateIneligible(event, at, userId, null, 'erased');
          // What was the member's own goes with them; items naming them as actor stay ('Deleted member').
          await tables.deleteFrom('notification_items').where('user_id', '=', userId).execute();
          await tables.deleteFrom('notification_reads').where('user_id', '=', userId).execute();
          await tables.deleteFrom('notification_read_items').where('user_id', '=', userId).execute();
          await tables.deleteFrom('notification_deliveries').where('user_id', '=', userId).execute();
          await tables.deleteFrom('notification_languages').where('user_id', '=', userId).execute();
          await tables.deleteFrom('notification_delegations').where('delegator_id', '=', userId).execute();
          await tables.deleteFrom('notification_audiences').where('user_id', '=', userId).execute();
          changes.add('notification_items', userId);
          break;
        }
        case 'ChatMessagePosted': {
          const { messageId, topicId, groupId, userId, mentions } = event.data;
          for (const mentioned of new Set(mentions ?? [])) {
            if (mentioned === userId) continue;
            await item({
              id: `mention:${messageId}:${mentioned}`,
              userId: mentioned,
              type: 'mention',
              groupId,
              topicId,
              actorId: userId,
              subjectId: messageId,
            });
          }
          break;
        }
        case 'VerificationApproved':
          // An automatic approval (the first nationality) answers the member on screen at once: nothing to tell.
          if (event.data.reviewedBy === null) break;
          await item({ id: `verification:${event.id}`, userId: event.data.userId, type: 'verification_reviewed', outcome: 'approved' });
          break;
        case 'VerificationRejected':
          await item({ id: `verification:${event.id}`, userId: event.data.userId, type: 'verification_reviewed', outcome: 'rejected' });
          break;
        case 'ReportSubmitted':
          await items.rememberSender(event.data.reportId, event.data.userId);
          break;
        case 'ReportReviewed': {
          const reporter = await items.senderOf(event.data.reportId);
          if (reporter) await item({ id: `report:${event.id}`, userId: reporter, type: 'report_reviewed', outcome: event.data.status });
          break;
        }
        case 'InvitationCreated':
          await items.rememberSender(event.data.invitationId, event.data.invitedBy);
          break;
        case 'InvitationAccepted': {
          const { invitationId, groupId, acceptedBy } = event.data;
          const inviter = await items.senderOf(invitationId);
          if (inviter && inviter !== acceptedBy) {
            await item({ id: `invitation:${invitationId}`, userId: inviter, type: 'invitation_accepted', groupId, actorId: acceptedBy });
          }
          break;
        }
        case 'SubscriptionRenewed':
          await item({ id: `subscription:${event.id}`, userId: event.data.userId, type: 'subscription', outcome: 'renewed' });
          break;
        case 'PaymentFailed':
          await item({ id: `subscription:${event.id}`, userId: event.data.userId, type: 'subscription', outcome: 'payment_failed' });
          break;
        case 'SubscriptionExpired':
          await item({ id: `subscription:${event.id}`, userId: event.data.userId, type: 'subscription', outcome: 'ended' });
          break;
        case 'NotificationsRead': {
          const { userId, itemIds, readAt } = event.data;
          if (itemIds === null) {
            await tables
              .insertInto('notification_reads')
              .values({ user_id: userId, read_all_at: readAt })
              .onConflict((conflict) =>
                conflict.column('user_id').doUpdateSet({ read_all_at: sql`greatest(${sql.ref('notification_reads.read_all_at')}, excluded.read_all_at)` }),
              )
              .execute();
          } else if (itemIds.length > 0) {
            await tables
              .insertInto('notification_read_items')
              .values([...new Set(itemIds)].map((item_id) => ({ user_id: userId, item_id, read_at: readAt })))
              .onConflict((conflict) =>
                conflict
                  .columns(['user_id', 'item_id'])
                  .doUpdateSet({ read_at: sql`greatest(${sql.ref('notification_read_items.read_at')}, excluded.read_at)` }),
              )
              .execute();
          }
          changes.add('notification_reads', userId);
          break;
        }
        case 'NotificationDeliveryChosen': {
          const { userId, type, delivery } = event.data;
          await tables
            .insertInto('notification_deliveries')
            .values({ user_id: userId, type, delivery, updated_at: at })
            .onConflict((conflict) => conflict.columns(['user_id', 'type']).doUpdateSet({ delivery, updated_at: at }))
            .execute();
          break;
        }
        case 'NotificationLanguageChosen': {
          const { userId, language } = event.data;
          await tables
            .insertInto('notification_languages')
            .values({ user_id: userId, language })
            .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ language }))
            .execute();
          break;
        }
      }
    }
  },
});

/** Who joined or took part in which group with this event (docs/decisions.md, Notifications: who is told). */
function tookPart(event: ProjectedEvent & { type: string; data: unknown }): { groupId: number; userId: string } | null {
  const data = event.data as { groupId?: number; userId?: string; createdBy?: string; delegatorId?: string };
  if (data.groupId === undefined) return null;
  switch (event.type) {
    case 'GroupMemberJoined':
    case 'OpinionPosted':
    case 'VoteCast':
    case 'BallotCast':
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

/** From the first time on; a member who left and joined again counts from the new join. */
async function joinAudience(tables: Kysely<Tables>, groupId: number, userId: string, since: string): Promise<void> {
  await tables
    .insertInto('notification_audiences')
    .values({ group_id: groupId, user_id: userId, since })
    .onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing())
    .execute();
}

/** Writes personal items; an item written again (same id) moves to its latest occurrence, unread again. */
class ItemWriter {
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
