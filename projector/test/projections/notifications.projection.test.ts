import {
  chatStream,
  delegationStream,
  notificationReadsStream,
  notificationSettingsStream,
  reportStream,
  topicStream,
  userStream,
  type ChatMessagePosted,
  type DelegationAssigned,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsProjection } from '../../src/notifications/notifications.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import {
  invitationAccepted,
  invitationCreated,
  memberJoined,
  memberLeft,
  newId,
  opinionPosted,
  paymentFailed,
  subscriptionExpired,
  topicCreated,
  topicDeleted,
  verificationApproved,
  verificationRejected,
  voteCast,
  voteRetracted,
} from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:05:00.000Z';
const T3 = '2026-03-01T10:09:00.000Z';
const GROUP = 7;

const delegated = (delegatorId: string, delegateId: string, groupId = GROUP) => ({
  type: 'DelegationAssigned' as const,
  streamId: delegationStream(groupId, delegatorId),
  data: { delegationId: newId(), groupId, delegatorId, delegateId, previousDelegationId: null, previousDelegateId: null } satisfies DelegationAssigned['data'],
});
const revoked = (assigned: ReturnType<typeof delegated>) => ({
  type: 'DelegationRevoked' as const,
  streamId: assigned.streamId,
  data: {
    delegationId: assigned.data.delegationId,
    groupId: assigned.data.groupId,
    delegatorId: assigned.data.delegatorId,
    delegateId: assigned.data.delegateId,
  },
});
const chatPosted = (data: ChatMessagePosted['data']) => ({ type: 'ChatMessagePosted' as const, streamId: chatStream(data.topicId, data.userId), data });

const ITEM_COLUMNS = ['id', 'user_id', 'type', 'occurred_at', 'group_id', 'topic_id', 'actor_id', 'outcome', 'subject_id'] as const;

describe('notifications projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for([notificationsProjection]);
  });
  afterAll(async () => spec.close());

  const [ada, grace, linus, bilal] = [newId(), newId(), newId(), newId()];

  it('writes a new topic once for the whole group, however many members it has, and names the group in the change notice', async () => {
    const topicId = newId();
    const electionId = newId();
    const outcome = await spec.given([at(T1, topicCreated(topicId, GROUP, ada)), at(T2, topicCreated(electionId, GROUP, grace, { type: 'election' }))]).run();
    await expectRows('group_notices', { columns: ['id', 'group_id', 'type', 'occurred_at', 'topic_id', 'actor_id'], orderBy: ['occurred_at'] }).toEqual([
      { id: `topic:${topicId}`, group_id: GROUP, type: 'topic_opened', occurred_at: T1, topic_id: topicId, actor_id: ada },
      { id: `topic:${electionId}`, group_id: GROUP, type: 'election_opened', occurred_at: T2, topic_id: electionId, actor_id: grace },
    ])(outcome);
    expect([...(outcome.changes[0]!.changes.get('group_notices') ?? [])]).toEqual([GROUP]);
    expect(outcome.changes[0]!.changes.get('notification_items')).toBeUndefined();
  });

  it('tells a group’s members, and in an open group those who took part, each from the first time on, until they leave', async () => {
    const topicId = newId();
    await spec
      .given([
        at(T1, memberJoined(GROUP, ada)),
        at(T2, opinionPosted(newId(), topicId, GROUP + 1, grace)),
        at(T3, voteCast({ opinionId: newId(), topicId, groupId: GROUP + 1, userId: grace }, 'support')),
        at(T2, memberJoined(GROUP, linus)),
        at(T3, memberLeft(GROUP, linus, 'left', null)),
      ])
      .then(
        expectRows('notification_audiences', { orderBy: ['group_id', 'since'] }).toEqual([
          { group_id: GROUP, user_id: ada, since: T1 },
          { group_id: GROUP + 1, user_id: grace, since: T2 },
        ]),
      );
  });

  it('tells a delegate’s delegators of their votes in that group only, one item per topic moved to the latest vote', async () => {
    const topicId = newId();
    const [first, second] = [newId(), newId()];
    const target = (opinionId: string) => ({ opinionId, topicId, groupId: GROUP, userId: linus });
    const outcome = await spec
      .given([delegated(ada, linus), delegated(grace, linus, GROUP + 1), delegated(bilal, grace)])
      .when([at(T1, voteCast(target(first), 'support')), at(T2, voteCast(target(second), 'oppose')), at(T3, voteRetracted(target(first), 'support'))])
      .run();
    await expectRows('notification_items', { columns: ITEM_COLUMNS }).toEqual([
      {
        id: `delegate_voted:${topicId}:${ada}`,
        user_id: ada,
        type: 'delegate_voted',
        occurred_at: T3,
        group_id: GROUP,
        topic_id: topicId,
        actor_id: linus,
        outcome: null,
        subject_id: null,
      },
    ])(outcome);
    expect([...(outcome.changes[1]!.changes.get('notification_items') ?? [])]).toEqual([ada]);
  });

  it('tells the delegators of a delegation made in the same batch as the vote, and writes nothing for a voter nobody delegates to', async () => {
    const topicId = newId();
    await spec
      .given([
        voteCast({ opinionId: newId(), topicId, groupId: GROUP, userId: grace }, 'support'),
        delegated(ada, linus),
        at(T1, voteCast({ opinionId: newId(), topicId, groupId: GROUP, userId: linus }, 'support')),
      ])
      .then(
        expectRows('notification_items', { columns: ['user_id', 'type', 'actor_id'] }).toEqual([{ user_id: ada, type: 'delegate_voted', actor_id: linus }]),
      );
  });

  it('stops telling a delegator once they revoked, and tells them when their delegate leaves the group', async () => {
    const assigned = delegated(ada, linus);
    const stillDelegating = delegated(grace, linus);
    await spec
      .given([assigned, stillDelegating, revoked(assigned)])
      .when([
        at(T1, voteCast({ opinionId: newId(), topicId: newId(), groupId: GROUP, userId: linus }, 'support')),
        at(T2, memberLeft(GROUP, linus, 'left', null)),
      ])
      .then(
        expectRows('notification_items', { columns: ['user_id', 'type', 'occurred_at', 'actor_id', 'outcome'], orderBy: ['occurred_at'] }).toEqual([
          { user_id: grace, type: 'delegate_voted', occurred_at: T1, actor_id: linus, outcome: null },
          { user_id: grace, type: 'delegate_ineligible', occurred_at: T2, actor_id: linus, outcome: 'left' },
        ]),
      );
  });

  it('tells each mentioned member once, never the author, and keeps the message’s id so its text is read where hiding applies', async () => {
    const topicId = newId();
    const messageId = newId();
    await spec
      .given([at(T1, chatPosted({ messageId, topicId, groupId: GROUP, userId: ada, message: '@Grace Hopper and @Ada?', mentions: [grace, ada, grace] }))])
      .then(
        expectRows('notification_items', { columns: ITEM_COLUMNS }).toEqual([
          {
            id: `mention:${messageId}:${grace}`,
            user_id: grace,
            type: 'mention',
            occurred_at: T1,
            group_id: GROUP,
            topic_id: topicId,
            actor_id: ada,
            outcome: null,
            subject_id: messageId,
          },
        ]),
      );
  });

  it('tells the reporter of a review, the inviter of an acceptance, the member of a reviewed verification and of their subscription', async () => {
    const reportId = newId();
    const invitationId = newId();
    const [approvedId, rejectedId] = [newId(), newId()];
    await spec
      .given([
        {
          type: 'ReportSubmitted',
          streamId: reportStream(reportId),
          data: { reportId, userId: grace, type: 'spam', content: 'Spam', targetType: null, targetId: null },
        },
        invitationCreated(invitationId, 40, ada, { emailSealed: 'sealed', tokenSealed: 'sealed' }),
        // The first nationality is approved automatically: the member saw it happen.
        verificationApproved(approvedId, linus),
      ])
      .when([
        at(T1, { type: 'ReportReviewed', streamId: reportStream(reportId), data: { reportId, status: 'resolved', adminNotes: null, reviewedBy: bilal } }),
        at(T2, invitationAccepted(invitationId, 40, linus)),
        at(T3, verificationRejected(rejectedId, linus, bilal, 'The photo is unreadable')),
        at(T3, paymentFailed(newId(), bilal)),
        at(T3, subscriptionExpired(bilal, T3)),
      ])
      .then(
        expectRows('notification_items', {
          columns: ['user_id', 'type', 'group_id', 'actor_id', 'outcome'],
          orderBy: ['occurred_at', 'user_id', 'outcome'],
        }).toEqual([
          { user_id: grace, type: 'report_reviewed', group_id: null, actor_id: null, outcome: 'resolved' },
          { user_id: ada, type: 'invitation_accepted', group_id: 40, actor_id: linus, outcome: null },
          ...[
            { user_id: linus, type: 'verification_reviewed', group_id: null, actor_id: null, outcome: 'rejected' },
            { user_id: bilal, type: 'subscription', group_id: null, actor_id: null, outcome: 'ended' },
            { user_id: bilal, type: 'subscription', group_id: null, actor_id: null, outcome: 'payment_failed' },
          ].sort((a, b) => a.user_id.localeCompare(b.user_id) || a.outcome.localeCompare(b.outcome)),
        ]),
      );
  });

  it('tells the winner they were elected and the group of the result', async () => {
    const topicId = newId();
    await spec
      .given([
        at(T1, {
          type: 'ElectionDecided',
          streamId: topicStream(topicId),
          data: { topicId, groupId: GROUP, isMainElection: true, winnerId: grace, winnerCandidateId: newId(), decidedAt: T1 },
        }),
      ])
      .then(
        expectRows('group_notices', { columns: ['id', 'type', 'actor_id'] }).toEqual([{ id: `result:${topicId}`, type: 'election_result', actor_id: grace }]),
        expectRows('notification_items', { columns: ['id', 'user_id', 'type'] }).toEqual([{ id: `elected:${topicId}`, user_id: grace, type: 'elected' }]),
      );
  });

  it('forgets a deleted topic’s notices and items', async () => {
    const topicId = newId();
    await spec
      .given([delegated(ada, linus), topicCreated(topicId, GROUP, linus), voteCast({ opinionId: newId(), topicId, groupId: GROUP, userId: linus }, 'support')])
      .when([topicDeleted(topicId, GROUP, linus)])
      .then(expectRows('group_notices').toEqual([]), expectRows('notification_items').toEqual([]));
  });

  it('keeps read marks: all up to a time (never moved back), or single items at their time', async () => {
    const reads = (itemIds: string[] | null, readAt: string) => ({
      type: 'NotificationsRead',
      streamId: notificationReadsStream(ada),
      data: { userId: ada, itemIds, readAt },
    });
    const outcome = await spec.given([reads(null, T2), reads(null, T1), reads(['mention:x', 'mention:x'], T1), reads(['mention:x'], T3)]).run();
    await expectRows('notification_reads').toEqual([{ user_id: ada, read_all_at: T2 }])(outcome);
    await expectRows('notification_read_items').toEqual([{ user_id: ada, item_id: 'mention:x', read_at: T3 }])(outcome);
    expect([...(outcome.changes[0]!.changes.get('notification_reads') ?? [])]).toEqual([ada]);
  });

  it('keeps delivery choices and the mail language, and forgets all of an erased member’s own rows', async () => {
    const settings = (type: string, data: object) => ({ type, streamId: notificationSettingsStream(ada), data: { userId: ada, ...data } });
    await spec
      .given([
        at(T1, settings('NotificationDeliveryChosen', { type: 'mention', delivery: 'daily', via: 'settings' })),
        at(T2, settings('NotificationDeliveryChosen', { type: 'mention', delivery: 'never', via: 'unsubscribe' })),
        settings('NotificationLanguageChosen', { language: 'ar' }),
      ])
      .then(
        expectRows('notification_deliveries').toEqual([{ user_id: ada, type: 'mention', delivery: 'never', updated_at: T2 }]),
        expectRows('notification_languages').toEqual([{ user_id: ada, language: 'ar' }]),
      );

    const topicId = newId();
    await spec
      .given([
        settings('NotificationLanguageChosen', { language: 'ar' }),
        delegated(ada, linus),
        delegated(grace, ada),
        chatPosted({ messageId: newId(), topicId, groupId: GROUP, userId: linus, message: '@Ada', mentions: [ada] }),
      ])
      .when([at(T3, { type: 'AccountErased', streamId: userStream(ada), data: { userId: ada, erasedBy: ada, via: 'password' } })])
      .then(
        expectRows('notification_languages').toEqual([]),
        expectRows('notification_delegations', { columns: ['delegator_id'] }).toEqual([{ delegator_id: grace }]),
        expectRows('notification_items', { columns: ['user_id', 'type', 'actor_id', 'outcome'] }).toEqual([
          { user_id: grace, type: 'delegate_ineligible', actor_id: ada, outcome: 'erased' },
        ]),
      );
  });
});
