import rateLimit from '@fastify/rate-limit';
import type { EventRegistry, EventStore } from '@civitas/events';
import { zodRoutes, type CivitasPlugin } from '@civitas/service-kit/http-app';
import type { Config } from '@civitas/service-kit/config';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { Kysely } from 'kysely';
import type { IdentityService } from './identity/identity-service';
import type { SubscriptionService } from './subscriptions/subscription-service';
import { subscriptionRoutes } from './subscriptions/subscription.routes';
import { identityRoutes } from './identity/identity.routes';
import { oidcRoutes } from './identity/oidc/oidc.routes';

export interface CommandApiOptions {
  store: EventStore;
  registry: EventRegistry;
  identity: IdentityService;
  subscriptions: SubscriptionService;
  auth: SessionAuth;
  publicBaseUrl: string;
  mailConfigured: boolean;
  db: Kysely<any>;
  config: Config;
}

/** Command routes (POST/PUT/DELETE /api/...) and the sign-in navigations. */
export const commandApi: CivitasPlugin<CommandApiOptions> = async (instance, options) => {
  await instance.register(rateLimit, { global: false });
  const app = zodRoutes(instance);
  identityRoutes(app, { ...options, rateLimitFactor: options.config.AUTH_RATE_LIMIT_FACTOR });
  oidcRoutes(app, options);
  subscriptionRoutes(app, options);
};
