import rateLimit from '@fastify/rate-limit';
import type { EventRegistry, EventStore } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { zodRoutes, type CivitasPlugin } from '@civitas/service-kit/http-app';
import type { Config } from '@civitas/service-kit/config';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { RateLimitCounters } from '@civitas/service-kit/rate-limit-store';
import { registerRoutePolicies } from '@civitas/service-kit/route-policies';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import type { AccountService } from './account/account-service';
import { accountRoutes } from './account/account.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { unsubscribeRoutes } from './notifications/unsubscribe.routes';
import type { UnsubscribeTokens } from './notifications/unsubscribe-token';
import type { NotificationSettingsService } from './notifications/notification-settings-service';
import type { DelegationService } from './delegation/delegation-service';
import { delegationRoutes } from './delegation/delegation.routes';
import type { ElectionsService } from './elections/elections-service';
import { electionsRoutes } from './elections/elections.routes';
import type { GroupsService } from './groups/groups-service';
import { groupsRoutes } from './groups/groups.routes';
import type { IdentityService } from './identity/identity-service';
import type { InvitationsService } from './invitations/invitations-service';
import { invitationsRoutes } from './invitations/invitations.routes';
import type { OpinionsService } from './opinions/opinions-service';
import { memberRoles } from './lib/member-roles';
import { rateLimitChecks } from './lib/rate-limiters';
import { recordSessionPositions } from './lib/session-position';
import type { People } from './lib/people';
import type { ChatService } from './chat/chat-service';
import { chatRoutes } from './chat/chat.routes';
import type { ProfilesService } from './profiles/profiles-service';
import { profilesRoutes } from './profiles/profiles.routes';
import { badgesRoutes } from './profiles/badges.routes';
import type { FeedbackService } from './moderation/feedback-service';
import { feedbackRoutes } from './moderation/feedback.routes';
import type { LeaderReportService } from './moderation/leader-report-service';
import { leaderReportRoutes } from './moderation/leader-report.routes';
import type { ReportActionService } from './moderation/report-action-service';
import { reportActionRoutes } from './moderation/report-action.routes';
import type { BanService } from './moderation/ban-service';
import { banRoutes } from './moderation/ban.routes';
import type { RolesService } from './moderation/roles-service';
import { rolesRoutes } from './moderation/roles.routes';
import { refuseSuspendedMembers } from './moderation/suspension-guard';
import type { Suspensions } from './moderation/suspensions';
import { opinionsRoutes } from './opinions/opinions.routes';
import type { SubscriptionService } from './subscriptions/subscription-service';
import { subscriptionRoutes } from './subscriptions/subscription.routes';
import { identityRoutes } from './identity/identity.routes';
import { oidcRoutes } from './identity/oidc/oidc.routes';
import type { TopicsService } from './topics/topics-service';
import { topicsRoutes } from './topics/topics.routes';
import type { VerificationService } from './verification/verification-service';
import { verificationRoutes } from './verification/verification.routes';
import type { VotingService } from './voting/voting-service';
import { votesRoutes } from './voting/votes.routes';

export interface CommandApiOptions {
  store: EventStore;
  registry: EventRegistry;
  identity: IdentityService;
  subscriptions: SubscriptionService;
  verification: VerificationService;
  topics: TopicsService;
  opinions: OpinionsService;
  chat: ChatService;
  profiles: ProfilesService;
  feedback: FeedbackService;
  leaderReports: LeaderReportService;
  reportActions: ReportActionService;
  account: AccountService;
  notifications: NotificationSettingsService;
  /** Signs and checks the mails' one-click unsubscribe links. */
  unsubscribeTokens: UnsubscribeTokens;
  roles: RolesService;
  bans: BanService;
  suspensions: Suspensions;
  voting: VotingService;
  delegation: DelegationService;
  elections: ElectionsService;
  groups: GroupsService;
  invitations: InvitationsService;
  people: People;
  auth: SessionAuth;
  /** Where rate limits count: shared by every instance. */
  rateLimitCounters: RateLimitCounters;
  publicBaseUrl: string;
  db: Kysely<PlatformDatabase>;
  readModels: Kysely<ReadModels>;
  config: Config;
}

/** Command routes (POST/PUT/DELETE /api/...) and the sign-in navigations. */
export const commandApi: CivitasPlugin<CommandApiOptions> = async (instance, options) => {
  await instance.register(rateLimit, { global: false, store: options.rateLimitCounters.storeClass() });
  // Each route's config declares who may call it and its rate limits; enforced here once (docs/decisions.md, Route policies).
  registerRoutePolicies(instance, {
    auth: options.auth,
    requireRoles: memberRoles(options.roles),
    rateLimitCheck: rateLimitChecks(instance, options.config.AUTH_RATE_LIMIT_FACTOR),
  });
  const app = zodRoutes(instance);
  recordSessionPositions(instance, options.auth);
  refuseSuspendedMembers(instance, options);
  identityRoutes(app, { ...options, rateLimitFactor: options.config.AUTH_RATE_LIMIT_FACTOR });
  oidcRoutes(app, options);
  subscriptionRoutes(app, options);
  verificationRoutes(app, options);
  topicsRoutes(app, options);
  opinionsRoutes(app, options);
  chatRoutes(app, options);
  profilesRoutes(app, options);
  badgesRoutes(app, options);
  feedbackRoutes(app, options);
  leaderReportRoutes(app, options);
  reportActionRoutes(app, options);
  accountRoutes(app, options);
  notificationsRoutes(app, options);
  unsubscribeRoutes(app, options);
  rolesRoutes(app, options);
  banRoutes(app, options);
  votesRoutes(app, options);
  delegationRoutes(app, options);
  electionsRoutes(app, options);
  groupsRoutes(app, options);
  invitationsRoutes(app, options);
};
