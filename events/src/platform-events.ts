import { chatEvents } from './chat/chat.events';
import { delegationEvents } from './delegation/delegation.events';
import { electionEvents } from './elections/election.events';
import { groupEvents } from './groups/group.events';
import { identityEvents } from './identity/user.events';
import { invitationEvents } from './invitations/invitation.events';
import { mailEvents } from './mail/mail.events';
import { moderationEvents } from './moderation/moderation.events';
import { notificationEvents } from './notifications/notification.events';
import { opinionEvents } from './opinions/opinion.events';
import { profileEvents } from './profiles/profile.events';
import type { EventOf } from './registry';
import { subscriptionEvents } from './subscriptions/subscription.events';
import { topicEvents } from './topics/topic.events';
import { verificationEvents } from './verification/verification.events';
import { voteEvents } from './voting/vote.events';

/** Every event definition of the platform; features add theirs here. */
export const platformEvents = [
  ...groupEvents,
  ...identityEvents,
  ...subscriptionEvents,
  ...verificationEvents,
  ...topicEvents,
  ...opinionEvents,
  ...voteEvents,
  ...invitationEvents,
  ...mailEvents,
  ...delegationEvents,
  ...electionEvents,
  ...chatEvents,
  ...moderationEvents,
  ...profileEvents,
  ...notificationEvents,
];

/** Any event of the platform, discriminated by `type`. */
export type PlatformEvent = EventOf<(typeof platformEvents)[number]>;
export type PlatformEventType = PlatformEvent['type'];
/** The events of the given types (what a projection that declares them is handed). */
export type EventOfType<Type extends PlatformEventType> = Extract<PlatformEvent, { type: Type }>;
