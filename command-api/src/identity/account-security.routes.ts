import { ChangePasswordBody, ChangePasswordReply, OTHER_SESSIONS_ENDED, PASSWORD_CHANGED, RevokeOtherSessionsReply, UnauthorizedError } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import { sessionTagOfStoredId } from '@civitas/service-kit/session-events';
import type { FastifyRequest } from 'fastify';
import { announceSessionsEnded } from '../lib/announce-sessions-ended';
import { REAUTHENTICATION_LIMITS } from '../lib/rate-limiters';
import { ReauthenticationFailed } from '../lib/reauthentication';
import type { IdentityRouteOptions } from './identity-route-options';

/** The Settings dialog's security section: a new password, and signing out everywhere else. */
export function accountSecurityRoutes(app: ZodRoutes, { identity, auth, db }: IdentityRouteOptions): void {
  // Both routes declare member access, so the policy resolved the session first; these need its token too.
  const signedInSession = async (request: FastifyRequest) => {
    const session = await auth.current(request);
    if (!session) throw new UnauthorizedError('Unauthorized');
    return session;
  };
  /** Ends the member's sessions but this one, and closes their sockets. */
  const endOtherSessions = async (request: FastifyRequest, userId: string, token: string) => {
    const ended = await auth.sessions.destroyAllForUser(userId, token);
    await announceSessionsEnded(request, db, { sessions: ended.map(sessionTagOfStoredId) });
    return ended.length;
  };

  app.post(
    '/api/user/password',
    {
      config: { access: 'member', rateLimits: REAUTHENTICATION_LIMITS },
      schema: {
        tags: ['identity'],
        summary: 'Change my password (my current one first); ends my other sessions',
        body: ChangePasswordBody,
        response: { 200: ChangePasswordReply },
      },
    },
    async (request) => {
      const { userId, token } = await signedInSession(request);
      let position: string | null;
      try {
        ({ position } = await identity.changePassword(userId, request.body.currentPassword, request.body.newPassword));
      } catch (error) {
        if (error instanceof ReauthenticationFailed) logSecurityEvent(request, 'reauthentication_failed', { userId, reason: 'wrong_current_password' });
        throw error;
      }
      // Whoever knew the old password may hold a session: only this one stays.
      const otherSessionsEnded = await endOtherSessions(request, userId, token);
      logSecurityEvent(request, 'password_changed', { userId });
      return { position, message: PASSWORD_CHANGED, otherSessionsEnded };
    },
  );

  app.post(
    '/api/user/sessions/revoke-others',
    {
      config: { access: 'member' },
      schema: {
        tags: ['identity'],
        summary: 'Sign out my other sessions (every browser and device but this one)',
        response: { 200: RevokeOtherSessionsReply },
      },
    },
    async (request) => {
      const { userId, token } = await signedInSession(request);
      const ended = await endOtherSessions(request, userId, token);
      logSecurityEvent(request, 'other_sessions_ended', { userId });
      return { message: OTHER_SESSIONS_ENDED, ended };
    },
  );
}
