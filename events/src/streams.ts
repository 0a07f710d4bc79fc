/** Stream names come only from these helpers (ARCHITECTURE.md, "Streams and deciders"). */
export const groupStream = (groupId: number) => `group-${groupId}`;
export const userStream = (userId: string) => `user-${userId}`;
/** The one stream every removal of an active admin is decided on, so two at once conflict (docs/decisions.md, The last admin). */
export const adminRosterStream = () => 'admin-roster';
/** Keyed by a hash so stream names never carry an e-mail address. */
export const emailStream = (emailHash: string) => `email-${emailHash}`;
export const externalIdentityStream = (identityHash: string) => `external-identity-${identityHash}`;
export const passwordResetStream = (tokenHash: string) => `password-reset-${tokenHash}`;
export const emailVerificationStream = (tokenHash: string) => `email-verification-${tokenHash}`;
export const paymentStream = (paymentId: string) => `payment-${paymentId}`;
export const webhookDeliveryStream = (provider: string, deliveryHash: string) => `webhook-${provider}-${deliveryHash}`;
export const topicStream = (topicId: string) => `topic-${topicId}`;
export const opinionStream = (opinionId: string) => `opinion-${opinionId}`;
export const voteStream = (opinionId: string, userId: string) => `vote-${opinionId}-${userId}`;
/** Keyed by a keyed hash of country and id, so stream names never carry a national id. */
export const nationalIdStream = (keyedHash: string) => `national-id-${keyedHash}`;
export const invitationStream = (invitationId: string) => `invitation-${invitationId}`;
/** One stream per event that calls for a mail: it records that the mail went out. */
export const mailStream = (sourceEventId: string) => `mail-${sourceEventId}`;
export const delegationStream = (groupId: number, delegatorId: string) => `delegation-${groupId}-${delegatorId}`;
export const candidacyStream = (topicId: string, userId: string) => `candidacy-${topicId}-${userId}`;
export const ballotStream = (topicId: string, userId: string) => `ballot-${topicId}-${userId}`;
export const mainElectionStream = (groupId: number) => `main-election-${groupId}`;
/** One member's chat messages on one topic: appends never contend across members. */
export const chatStream = (topicId: string, userId: string) => `chat-${topicId}-${userId}`;
export const reportStream = (reportId: string) => `report-${reportId}`;
/** Whether an admin hid an opinion or chat message (docs/decisions.md, Moderation actions). */
export const contentModerationStream = (targetType: 'opinion' | 'chat_message', targetId: string) => `content-${targetType}-${targetId}`;
export const suggestionStream = (suggestionId: string) => `suggestion-${suggestionId}`;
export const leaderReportStream = (leaderReportId: string) => `leader-report-${leaderReportId}`;
/** What one member did about their notifications (read marks): the feed itself is derived. */
export const notificationReadsStream = (userId: string) => `notification-reads-${userId}`;
/** How one member wants each type of notification by e-mail. */
export const notificationSettingsStream = (userId: string) => `notification-settings-${userId}`;
