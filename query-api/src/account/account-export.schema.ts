import { NotificationPreferences, Role, SessionDevice } from '@civitas/events';
import { z } from 'zod';

// GET /api/user/export: everything the platform holds about the member, as they download it.
// Other members appear by id only (their names are theirs); document bytes and tokens never appear.

const date = z.string();
const nullableDate = z.string().nullable();

export const AccountExport = z.object({
  exportedAt: date,
  profile: z.object({
    id: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    aboutMe: z.string().nullable(),
    city: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    twitterUrl: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
    githubUrl: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    roles: z.array(Role),
    hasPassword: z.boolean(),
    isBanned: z.boolean(),
    banReason: z.string().nullable(),
    bannedAt: nullableDate,
    createdAt: date,
    updatedAt: date,
  }),
  participation: z.object({
    topicsCreated: z.number().int(),
    opinionsPosted: z.number().int(),
    votesCast: z.number().int(),
    electionsWon: z.number().int(),
    participationScore: z.number().int(),
  }),
  badges: z.array(z.object({ badge: z.string(), grantedAt: date })),
  notificationPreferences: NotificationPreferences,
  subscription: z.object({
    isSubscribed: z.boolean(),
    plan: z.string().nullable(),
    status: z.string().nullable(),
    startDate: nullableDate,
    endDate: nullableDate,
  }),
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      providerPaymentId: z.string().nullable(),
      planId: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      status: z.string(),
      paymentDate: nullableDate,
      subscriptionStartDate: nullableDate,
      subscriptionEndDate: nullableDate,
      createdAt: date,
    }),
  ),
  /** Document images are listed by the path that serves them to their owner, never their bytes. */
  verifications: z.array(
    z.object({
      id: z.string(),
      country: z.string(),
      nationalId: z.string().nullable(),
      verificationType: z.string(),
      status: z.string(),
      isVerified: z.boolean(),
      confirmedByLeader: z.boolean(),
      documentImageUrl: z.string().nullable(),
      verifiedAt: nullableDate,
      reviewedAt: nullableDate,
      rejectionReason: z.string().nullable(),
      createdAt: date,
    }),
  ),
  groups: z.array(
    z.object({
      groupId: z.number().int(),
      name: z.string(),
      department: z.string(),
      role: z.string(),
      isLeader: z.boolean(),
      status: z.string(),
      joinedAt: date,
      removedAt: nullableDate,
    }),
  ),
  topics: z.array(
    z.object({
      id: z.string(),
      groupId: z.number().int(),
      title: z.string(),
      description: z.string(),
      type: z.string(),
      status: z.string(),
      createdAt: date,
      expiresAt: date,
      closedAt: nullableDate,
    }),
  ),
  opinions: z.array(
    z.object({
      id: z.string(),
      topicId: z.string(),
      groupId: z.number().int(),
      content: z.string(),
      supportCount: z.number().int(),
      opposeCount: z.number().int(),
      createdAt: date,
    }),
  ),
  votes: z.array(z.object({ opinionId: z.string(), topicId: z.string(), groupId: z.number().int(), voteType: z.string(), castAt: date })),
  delegations: z.object({
    given: z.array(z.object({ id: z.string(), groupId: z.number().int(), delegateId: z.string(), isActive: z.boolean(), createdAt: date, updatedAt: date })),
    received: z.array(
      z.object({ id: z.string(), groupId: z.number().int(), delegatorId: z.string(), isActive: z.boolean(), createdAt: date, updatedAt: date }),
    ),
  }),
  candidacies: z.array(z.object({ id: z.string(), topicId: z.string(), groupId: z.number().int(), statement: z.string(), createdAt: date })),
  ballots: z.array(z.object({ topicId: z.string(), candidateId: z.string(), castAt: date })),
  /** Ranked and approval ballots (issue #34), each standing one whole: tiers of candidate or opinion ids (an approval ballot is one tier; the topic's id is "no change"). */
  rankedBallots: z.array(z.object({ topicId: z.string(), ranking: z.array(z.array(z.string())), castAt: date })),
  chatMessages: z.array(z.object({ id: z.string(), topicId: z.string(), groupId: z.number().int(), message: z.string(), createdAt: date })),
  invitationsSent: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      groupId: z.number().int(),
      email: z.string().nullable(),
      status: z.string(),
      createdAt: date,
      expiresAt: date,
      acceptedAt: nullableDate,
    }),
  ),
  reports: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      content: z.string(),
      targetType: z.string().nullable(),
      targetId: z.string().nullable(),
      status: z.string(),
      createdAt: date,
    }),
  ),
  suggestions: z.array(z.object({ id: z.string(), type: z.string(), content: z.string(), status: z.string(), priority: z.string(), createdAt: date })),
  leaderReports: z.array(
    z.object({
      id: z.string(),
      reportedUserId: z.string(),
      groupId: z.number().int(),
      reason: z.string(),
      description: z.string(),
      evidence: z.string().nullable(),
      status: z.string(),
      createdAt: date,
    }),
  ),
  /** Signed-in sessions: when they began and were last used and the device named at sign-in, never their tokens. */
  sessions: z.array(z.object({ createdAt: date, lastSeenAt: date, expiresAt: date, current: z.boolean(), device: SessionDevice.nullable() })),
});
export type AccountExport = z.infer<typeof AccountExport>;
