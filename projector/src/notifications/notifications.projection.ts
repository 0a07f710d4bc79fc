import { sql } from 'kysely';
import { defineProjection, eventTime } from '../projection';
import { AudienceWriter, ItemWriter, delegateKey, delegatesAmong, tookPart, type Item } from './notification-writers';
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

/**
 * Every member's notifications, from the events (issue #33; docs/decisions.md, Notifications). What a
 * whole group is told is one `group_notices` row, whatever the group's size; only what concerns one
 * member is written per member. `closing_soon` has no rows: the feed derives it from the topics.
 */
export const notificationsProjection = defineProjection({
  name: 'notifications',
  // 2: ranked and approval ballots tell a delegate's delegators and count as taking part, as plurality ballots do.
  version: 2,
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
    'RankedBallotCast',
    'ApprovalBallotCast',
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
    const audiences = new AudienceWriter(tables);
    // Votes are the busiest events: only a voter someone delegates to has anyone to tell.
    const delegates = await delegatesAmong(tables, events);
    for (const event of events) {
      const at = eventTime(event);
      const item = (fields: Item) => items.write(fields, event, at);
      const taker = tookPart(event);
      if (taker) audiences.add(taker.groupId, taker.userId, at);
      // Leaving (or erasure) ends what was gathered before it in this batch.
      if (event.type === 'GroupMemberLeft' || event.type === 'AccountErased') await audiences.flush();
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
        case 'RankedBallotCast':
        case 'ApprovalBallotCast':
          if (!delegates.has(delegateKey(event.data.groupId, event.data.userId))) break;
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
          delegates.add(delegateKey(groupId, delegateId));
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
    await audiences.flush();
  },
});
