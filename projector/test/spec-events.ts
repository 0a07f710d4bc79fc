import { randomUUID } from 'node:crypto';
import {
  CATALOGUE,
  groupStream,
  invitationStream,
  opinionStream,
  paymentStream,
  personalGroupLabel,
  topicStream,
  userStream,
  voteStream,
  type GroupCreated,
  type GroupMemberJoined,
  type GroupMemberLeft,
  type GroupQuorumSet,
  type InvitationAccepted,
  type InvitationCreated,
  type LawEnacted,
  type OpinionPosted,
  type PaymentCreated,
  type PaymentFailed,
  type PaymentSucceeded,
  type PersonalDepartment,
  type SubscriptionActivated,
  type SubscriptionCancelled,
  type SubscriptionExpired,
  type SubscriptionRenewed,
  type SubscriptionRequested,
  type SubscriptionRequestFailed,
  type TopicClosed,
  type TopicCreated,
  type TopicDeleted,
  type UserRegistered,
  type UserRoleGranted,
  type UserRoleRevoked,
  type VerificationApproved,
  type VerificationConfirmedByLeader,
  type VerificationRejected,
  type VerificationRemoved,
  type VerificationSubmitted,
  type VoteCast,
  type VoteRetracted,
  type VoteType,
} from '@civitas/events';

/**
 * Valid events for specs, each on the stream the command side writes it to, with defaults a
 * spec overrides where it matters. The types come from the event schemas, so a spec that
 * drifts from them fails to compile as well as at run time.
 */
export interface StreamEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  streamId: string;
}

type Of<Event extends { type: string; data: unknown }> = StreamEvent<Event['type'], Event['data']>;

export const newId = () => randomUUID();

// Groups

/** A catalogue-style group (open, no owner) with the given id. */
export const groupCreated = (groupId: number, overrides: Partial<GroupCreated['data']> = {}): Of<GroupCreated> => ({
  type: 'GroupCreated',
  streamId: groupStream(groupId),
  data: { ...CATALOGUE[0]!, groupId, name: `Group ${groupId}`, ...overrides },
});

/** A personal group as sign-up creates it: stored by its label, owned by the member. */
export const personalGroupCreated = (groupId: number, department: PersonalDepartment, ownerId: string): Of<GroupCreated> =>
  groupCreated(groupId, {
    name: personalGroupLabel(department),
    description: `A private ${department} group.`,
    department,
    subcategory: null,
    subscriptionType: department === 'business' ? 'premium' : 'free',
    features: ['Opinion voting'],
    ownerId,
  });

export const memberJoined = (groupId: number, userId: string, role: 'owner' | 'member' = 'member', isLeader = false): Of<GroupMemberJoined> => ({
  type: 'GroupMemberJoined',
  streamId: groupStream(groupId),
  data: { groupId, userId, role, isLeader },
});

export const memberLeft = (groupId: number, userId: string, reason: GroupMemberLeft['data']['reason'], removedBy: string | null): Of<GroupMemberLeft> => ({
  type: 'GroupMemberLeft',
  streamId: groupStream(groupId),
  data: { groupId, userId, reason, removedBy },
});

/** A leader sets the group's quorum for one topic type (issue #34 item 3). */
export const quorumSet = (
  groupId: number,
  topicType: GroupQuorumSet['data']['topicType'],
  quorumPercent: number,
  setBy: string = randomUUID(),
): Of<GroupQuorumSet> => ({
  type: 'GroupQuorumSet',
  streamId: groupStream(groupId),
  data: { groupId, topicType, quorumPercent, setBy },
});

// Identity and subscriptions

export const userRegistered = (userId: string, overrides: Partial<UserRegistered['data']> = {}): Of<UserRegistered> => ({
  type: 'UserRegistered',
  streamId: userStream(userId),
  data: {
    userId,
    email: `member.${userId.slice(0, 8)}@example.org`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo',
    externalIdentity: null,
    ...overrides,
  },
});

export const roleGranted = (userId: string, role: UserRoleGranted['data']['role']): Of<UserRoleGranted> => ({
  type: 'UserRoleGranted',
  streamId: userStream(userId),
  data: { userId, role },
});
export const roleRevoked = (userId: string, role: UserRoleRevoked['data']['role']): Of<UserRoleRevoked> => ({
  type: 'UserRoleRevoked',
  streamId: userStream(userId),
  data: { userId, role },
});

const MONTHLY = 'civic_participation_monthly' as const;

export const paymentCreated = (paymentId: string, userId: string, overrides: Partial<PaymentCreated['data']> = {}): Of<PaymentCreated> => ({
  type: 'PaymentCreated',
  streamId: paymentStream(paymentId),
  data: {
    paymentId,
    userId,
    provider: 'sandbox',
    planId: MONTHLY,
    amount: 1875,
    currency: 'SAR',
    returnUrl: 'http://localhost:3000/subscribe/return',
    providerReference: null,
    checkoutUrl: `http://localhost:3000/sandbox/${paymentId}`,
    ...overrides,
  },
});
export const paymentSucceeded = (paymentId: string, userId: string, paidAt: string, providerPaymentId: string | null = null): Of<PaymentSucceeded> => ({
  type: 'PaymentSucceeded',
  streamId: paymentStream(paymentId),
  data: { paymentId, userId, providerPaymentId, paidAt, confirmedBy: 'sandbox' },
});
export const paymentFailed = (paymentId: string, userId: string, reason = 'card declined'): Of<PaymentFailed> => ({
  type: 'PaymentFailed',
  streamId: paymentStream(paymentId),
  data: { paymentId, userId, reason },
});

export const subscriptionRequested = (userId: string, paymentId: string): Of<SubscriptionRequested> => ({
  type: 'SubscriptionRequested',
  streamId: userStream(userId),
  data: { userId, paymentId, planId: MONTHLY },
});
export const subscriptionRequestFailed = (userId: string, paymentId: string): Of<SubscriptionRequestFailed> => ({
  type: 'SubscriptionRequestFailed',
  streamId: userStream(userId),
  data: { userId, paymentId },
});
export const subscriptionActivated = (userId: string, paymentId: string, startDate: string, endDate: string): Of<SubscriptionActivated> => ({
  type: 'SubscriptionActivated',
  streamId: userStream(userId),
  data: { userId, paymentId, planId: MONTHLY, startDate, endDate },
});
export const subscriptionRenewed = (
  userId: string,
  paymentId: string,
  endDate: string,
  planId: SubscriptionRenewed['data']['planId'] = MONTHLY,
): Of<SubscriptionRenewed> => ({
  type: 'SubscriptionRenewed',
  streamId: userStream(userId),
  data: { userId, paymentId, planId, endDate },
});
export const subscriptionCancelled = (userId: string, cancelledAt: string, accessUntil: string): Of<SubscriptionCancelled> => ({
  type: 'SubscriptionCancelled',
  streamId: userStream(userId),
  data: { userId, cancelledAt, accessUntil },
});
export const subscriptionExpired = (userId: string, endDate: string): Of<SubscriptionExpired> => ({
  type: 'SubscriptionExpired',
  streamId: userStream(userId),
  data: { userId, endDate },
});

// Verification

export const verificationSubmitted = (
  verificationId: string,
  userId: string,
  nationalIdSealed: string,
  overrides: Partial<VerificationSubmitted['data']> = {},
): Of<VerificationSubmitted> => ({
  type: 'VerificationSubmitted',
  streamId: userStream(userId),
  data: {
    verificationId,
    userId,
    country: 'Saudi Arabia',
    countryKey: 'saudi_arabia',
    nationalIdSealed,
    verificationType: 'id_number',
    documentImageUrl: null,
    ...overrides,
  },
});
export const verificationApproved = (
  verificationId: string,
  userId: string,
  reviewedBy: string | null = null,
  countryKey = 'saudi_arabia',
): Of<VerificationApproved> => ({
  type: 'VerificationApproved',
  streamId: userStream(userId),
  data: { verificationId, userId, countryKey, reviewedBy },
});
export const verificationRejected = (
  verificationId: string,
  userId: string,
  reviewedBy: string,
  reason: string,
  countryKey = 'saudi_arabia',
): Of<VerificationRejected> => ({
  type: 'VerificationRejected',
  streamId: userStream(userId),
  data: { verificationId, userId, countryKey, reason, reviewedBy },
});
export const verificationConfirmedByLeader = (
  verificationId: string,
  userId: string,
  leaderId: string,
  countryKey = 'saudi_arabia',
): Of<VerificationConfirmedByLeader> => ({
  type: 'VerificationConfirmedByLeader',
  streamId: userStream(userId),
  data: { verificationId, userId, countryKey, leaderId },
});
export const verificationRemoved = (verificationId: string, userId: string, countryKey = 'saudi_arabia'): Of<VerificationRemoved> => ({
  type: 'VerificationRemoved',
  streamId: userStream(userId),
  data: { verificationId, userId, countryKey },
});

// Topics, opinions, votes

export const topicCreated = (topicId: string, groupId: number, createdBy: string, overrides: Partial<TopicCreated['data']> = {}): Of<TopicCreated> => ({
  type: 'TopicCreated',
  streamId: topicStream(topicId),
  data: {
    topicId,
    groupId,
    createdBy,
    title: 'Public transport at night',
    description: 'Should buses run through the night on weekends?',
    type: 'law_amendment',
    isMainElection: false,
    expiresAt: '2026-04-01T10:00:00.000Z',
    ...overrides,
  },
});
export const topicDeleted = (topicId: string, groupId: number, createdBy: string, deletedBy = createdBy): Of<TopicDeleted> => ({
  type: 'TopicDeleted',
  streamId: topicStream(topicId),
  data: { topicId, groupId, createdBy, deletedBy },
});
export const topicClosed = (topicId: string, groupId: number, closedAt: string, type: TopicClosed['data']['type'] = 'law_amendment'): Of<TopicClosed> => ({
  type: 'TopicClosed',
  streamId: topicStream(topicId),
  data: { topicId, groupId, type, closedAt, tallies: [] },
});
export const lawEnacted = (
  topicId: string,
  groupId: number,
  opinionId: string,
  proposerId: string,
  enactedAt: string,
  overrides: Partial<LawEnacted['data']> = {},
): Of<LawEnacted> => ({
  type: 'LawEnacted',
  streamId: topicStream(topicId),
  data: { topicId, groupId, opinionId, proposerId, type: 'law_amendment', weightedSupport: 0, weightedOppose: 0, enactedAt, ...overrides },
});

export const opinionPosted = (opinionId: string, topicId: string, groupId: number, userId: string, content = 'Yes, twice an hour.'): Of<OpinionPosted> => ({
  type: 'OpinionPosted',
  streamId: opinionStream(opinionId),
  data: { opinionId, topicId, groupId, userId, content },
});

/** Who votes on which opinion; the same for every event of one vote stream. */
export interface VoteTarget {
  opinionId: string;
  topicId: string;
  groupId: number;
  userId: string;
}

/** The events the vote decider writes: VoteCast names the vote it replaces, VoteRetracted the one it removes. */
export const voteCast = (target: VoteTarget, voteType: VoteType, previousVoteType: VoteType | null = null): Of<VoteCast> => ({
  type: 'VoteCast',
  streamId: voteStream(target.opinionId, target.userId),
  data: { ...target, voteType, previousVoteType },
});
export const voteRetracted = (target: VoteTarget, previousVoteType: VoteType): Of<VoteRetracted> => ({
  type: 'VoteRetracted',
  streamId: voteStream(target.opinionId, target.userId),
  data: { ...target, previousVoteType },
});

// Invitations

export const invitationCreated = (
  invitationId: string,
  groupId: number,
  invitedBy: string,
  sealed: { emailSealed: string; tokenSealed: string },
  overrides: Partial<InvitationCreated['data']> = {},
): Of<InvitationCreated> => ({
  type: 'InvitationCreated',
  streamId: invitationStream(invitationId),
  data: { invitationId, kind: 'friends', groupId, invitedBy, ...sealed, expiresAt: '2026-03-08T10:00:00.000Z', ...overrides },
});
export const invitationAccepted = (
  invitationId: string,
  groupId: number,
  acceptedBy: string,
  kind: InvitationAccepted['data']['kind'] = 'friends',
): Of<InvitationAccepted> => ({
  type: 'InvitationAccepted',
  streamId: invitationStream(invitationId),
  data: { invitationId, kind, groupId, acceptedBy },
});
