import {
  ACCOUNT_DELETED,
  DeleteAccountBody,
  DeleteAccountReply,
  NotificationPreferencesBody,
  NotificationPreferencesChangedReply,
  UnauthorizedError,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import { announceSessionsEnded } from '../lib/announce-sessions-ended';
import { REAUTHENTICATION_LIMITS } from '../lib/rate-limiters';
import { ReauthenticationFailed } from '../lib/reauthentication';
import type { AccountService } from './account-service';

export interface AccountRouteOptions {
  account: AccountService;
  auth: SessionAuth;
  /** Where ended sessions are announced (the query side closes their live sockets). */
  db: Kysely<PlatformDatabase>;
}

/** The Settings dialog's e-mail notifications, and deleting the account (issue #14, item 5). */
export function accountRoutes(app: ZodRoutes, { account, auth, db }: AccountRouteOptions): void {
  app.put(
    '/api/user/notification-preferences',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Choose which e-mails I get (account security mails always go)',
        body: NotificationPreferencesBody,
        response: { 200: NotificationPreferencesChangedReply },
      },
    },
    async (request) => account.changeNotificationPreferences(memberOf(request), request.body),
  );

  app.delete(
    '/api/user',
    {
      config: { access: 'member', rateLimits: REAUTHENTICATION_LIMITS },
      schema: {
        tags: ['account'],
        summary: 'Delete my account: my names, e-mail, national ids and pictures are erased; what I did stays counted as "Deleted member"',
        body: DeleteAccountBody,
        response: { 200: DeleteAccountReply },
      },
    },
    async (request, reply) => {
      // Resolved by the route policy already; erasure needs when this session signed in.
      const session = await auth.current(request);
      if (!session) throw new UnauthorizedError('Unauthorized');
      const { userId } = session;
      let position: string | null;
      try {
        ({ position } = await account.erase(userId, { password: request.body.password, signedInAt: session.createdAt }));
      } catch (error) {
        if (error instanceof ReauthenticationFailed) logSecurityEvent(request, 'reauthentication_failed', { userId, reason: 'account_erasure' });
        throw error;
      }
      // Every session of the account ends, on every device, and their sockets close.
      await auth.sessions.destroyAllForUser(userId);
      await auth.signOut(request, reply);
      await announceSessionsEnded(request, db, { users: [userId] });
      logSecurityEvent(request, 'account_erased', { userId });
      return { position, message: ACCOUNT_DELETED };
    },
  );
}
