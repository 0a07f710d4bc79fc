import { notificationPreferencesProjection } from './account/notification-preferences.projection';
import { auditProjection } from './audit/audit.projection';
import { merkleLogProjection } from './audit/merkle-log.projection';
import { chatProjection } from './chat/chat.projection';
import { feedbackProjection } from './moderation/feedback.projection';
import { leaderReportsProjection } from './moderation/leader-report.projection';
import { contentModerationProjection } from './moderation/content-moderation.projection';
import { delegationProjection } from './delegation/delegation.projection';
import { electionsProjection } from './elections/elections.projection';
import { groupsProjection } from './groups/groups.projection';
import { usersProjection } from './identity/users.projection';
import { invitationsProjection } from './invitations/invitations.projection';
import { opinionsProjection } from './opinions/opinions.projection';
import { participationProjection } from './profiles/participation.projection';
import { profilesProjection } from './profiles/profiles.projection';
import { notificationsProjection } from './notifications/notifications.projection';
import { searchProjection } from './search/search.projection';
import { subscriptionPaymentsProjection } from './subscriptions/subscription-payments.projection';
import { topicsProjection } from './topics/topics.projection';
import { userVerificationsProjection } from './verification/user-verifications.projection';

/** Every projection of the platform; features add theirs here. */
export const projections = [
  groupsProjection,
  usersProjection,
  subscriptionPaymentsProjection,
  userVerificationsProjection,
  topicsProjection,
  opinionsProjection,
  participationProjection,
  invitationsProjection,
  electionsProjection,
  delegationProjection,
  chatProjection,
  profilesProjection,
  feedbackProjection,
  leaderReportsProjection,
  contentModerationProjection,
  notificationPreferencesProjection,
  searchProjection,
  notificationsProjection,
  auditProjection,
  merkleLogProjection,
] as const;

/** A projection's name: what queries wait for (route config `readModels`) and checkpoints are kept under. */
export type ProjectionName = (typeof projections)[number]['name'];
