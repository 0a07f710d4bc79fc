import type { Config } from '@civitas/service-kit/config';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import type { IdentityService } from './identity-service';

/** What identity.routes.ts and its sub-route files take; apart from them, so none of them imports another's options. */
export interface IdentityRouteOptions {
  identity: IdentityService;
  auth: SessionAuth;
  publicBaseUrl: string;
  /** EXPOSE_MAIL_LINKS: answers carry the links mails carry (local development only). */
  config: Pick<Config, 'EXPOSE_MAIL_LINKS'>;
  rateLimitFactor: number;
  /** Where ended sessions are announced (the query side closes their live sockets). */
  db: Kysely<PlatformDatabase>;
}
