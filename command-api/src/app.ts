import rateLimit from '@fastify/rate-limit';
import type { EventRegistry, EventStore } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { zodRoutes, type CivitasPlugin } from '@civitas/service-kit/http-app';
import type { Config } from '@civitas/service-kit/config';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { RateLimitCounters } from '@civitas/service-kit/rate-limit-store';
import type { Kysely } from 'kysely';
import type { DelegationService } from './delegation/delegation-service';
import { delegationRoutes } from './delegation/delegation.routes';
import type { ElectionsService } from './elections/elections-service';
import { electionsRoutes } from './elections/elections.routes';
import type { IdentityService } from './identity/identity-service';
import type { InvitationsService } from './invitations/invitations-service';
import { invitationsRoutes } from './invitations/invitations.routes';
import type { OpinionsService } from './opinions/opinions-service';
import { recordSessionPositions } from './lib/session-position';
import type { ChatService } from './chat/chat-service';
import { chatRoutes } from './chat/chat.routes';
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
  voting: VotingService;
  delegation: DelegationService;
  elections: ElectionsService;
  invitations: InvitationsService;
  auth: SessionAuth;
  /** Where rate limits count: shared by every instance. */
  rateLimitCounters: RateLimitCounters;
  publicBaseUrl: string;
  db: Kysely<any>;
  readModels: Kysely<ReadModels>;
  config: Config;
}

/** Command routes (POST/PUT/DELETE /api/...) and the sign-in navigations. */
export const commandApi: CivitasPlugin<CommandApiOptions> = async (instance, options) => {
  await instance.register(rateLimit, { global: false, store: options.rateLimitCounters.storeClass() });
  const app = zodRoutes(instance);
  recordSessionPositions(instance, options.auth);
  identityRoutes(app, { ...options, rateLimitFactor: options.config.AUTH_RATE_LIMIT_FACTOR });
  oidcRoutes(app, options);
  subscriptionRoutes(app, options);
  verificationRoutes(app, options);
  topicsRoutes(app, options);
  opinionsRoutes(app, options);
  chatRoutes(app, options);
  votesRoutes(app, options);
  delegationRoutes(app, options);
  electionsRoutes(app, options);
  invitationsRoutes(app, options);
};
