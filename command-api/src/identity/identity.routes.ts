import { sessionTag, type SessionsEnded } from '@civitas/service-kit/session-events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import type { FastifyRequest } from 'fastify';
import { AccountSuspendedError, UnauthorizedError, resetPasswordLink, verifyEmailLink } from '@civitas/events';
import { accountSecurityRoutes } from './account-security.routes';
import { emailVerificationRoutes } from './email-verification.routes';
import type { IdentityRouteOptions } from './identity-route-options';
import { RegisterReply } from './email-verification.schemas';
import type { Account } from './identity-service';
import { ForgotPasswordBody, ForgotPasswordReply, LoginBody, MessageReply, RegisterBody, ResetPasswordBody, SignInReply } from './identity.schemas';
import { SIGN_IN_LIMITS } from './rate-limits';
import { announceSessionsEnded } from '../lib/announce-sessions-ended';

export const FORGOT_PASSWORD_ANSWER = 'If an account with this email exists, you will receive a password reset link shortly.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now sign in.';
export const SIGNED_OUT = 'You have been signed out.';
/** The web page that asks before signing out (what a GET /api/logout from anywhere leads to). */
export const LOGOUT_PAGE = '/logout';

export function identityRoutes(app: ZodRoutes, options: IdentityRouteOptions): void {
  const { identity, auth, publicBaseUrl, config, db } = options;
  const announce = (request: FastifyRequest, ended: Partial<SessionsEnded>) => announceSessionsEnded(request, db, ended);
  const exposeMailLinks = config.EXPOSE_MAIL_LINKS;
  const signedInUser = ({ userId, state: { email, firstName, lastName, roles } }: Account) => ({
    id: userId,
    email: email!,
    firstName,
    lastName,
    roles,
    isAdmin: roles.includes('admin'),
  });

  app.post(
    '/api/email-auth/register',
    {
      config: { access: 'public', rateLimits: SIGN_IN_LIMITS.register },
      schema: {
        tags: ['identity'],
        summary: 'Create an account and sign in; mails a link to verify the address',
        body: RegisterBody,
        response: { 201: RegisterReply },
      },
    },
    async (request, reply) => {
      const { account, position, verificationToken } = await identity.registerWithPassword(request.body);
      await auth.signIn(request, reply, account.userId);
      logSecurityEvent(request, 'signed_in', { userId: account.userId, reason: 'sign_up' });
      const verificationUrl = exposeMailLinks ? { verificationUrl: verifyEmailLink(publicBaseUrl, verificationToken) } : {};
      return reply.status(201).send({ user: signedInUser(account), position, ...verificationUrl });
    },
  );

  app.post(
    '/api/email-auth/login',
    {
      config: { access: 'public', rateLimits: SIGN_IN_LIMITS.login },
      schema: { tags: ['identity'], summary: 'Sign in with e-mail and password', body: LoginBody, response: { 200: SignInReply } },
    },
    async (request, reply) => {
      const { account, triedUserId } = await identity.verifyLogin(request.body.email, request.body.password);
      if (!account) {
        logSecurityEvent(request, 'sign_in_failed', { userId: triedUserId, reason: triedUserId ? 'wrong_password' : 'unknown_account' });
        throw new UnauthorizedError('Invalid email or password');
      }
      // Told only to whoever knows the password: the ban and its reason (docs/decisions.md, Admin: roles, bans and the audit trail).
      if (account.state.suspensionReason !== null) {
        logSecurityEvent(request, 'sign_in_refused', { userId: account.userId, reason: 'suspended' });
        throw new AccountSuspendedError(account.state.suspensionReason);
      }
      await auth.signIn(request, reply, account.userId);
      logSecurityEvent(request, 'signed_in', { userId: account.userId, reason: 'password' });
      return { user: signedInUser(account), position: null };
    },
  );

  app.post(
    '/api/email-auth/forgot-password',
    {
      config: { access: 'public', rateLimits: SIGN_IN_LIMITS.forgotPassword },
      schema: { tags: ['identity'], summary: 'Send a password reset link', body: ForgotPasswordBody, response: { 200: ForgotPasswordReply } },
    },
    async (request) => {
      const { token, userId } = await identity.requestPasswordReset(request.body.email);
      logSecurityEvent(request, 'password_reset_requested', { userId, reason: userId ? 'link_issued' : 'unknown_account' });
      // For an unknown address the link leads nowhere, so the two answers still look alike.
      return exposeMailLinks ? { message: FORGOT_PASSWORD_ANSWER, resetUrl: resetPasswordLink(publicBaseUrl, token) } : { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/api/email-auth/reset-password',
    {
      config: { access: 'public' },
      schema: { tags: ['identity'], summary: 'Set a new password with a reset link', body: ResetPasswordBody, response: { 200: MessageReply } },
    },
    async (request) => {
      const { userId, claimedUnverifiedAccount } = await identity.resetPassword(request.body.token, request.body.password);
      await auth.sessions.destroyAllForUser(userId);
      // The account that never proved the address gave it up to this new one: its sessions end too.
      if (claimedUnverifiedAccount !== null) {
        await auth.sessions.destroyAllForUser(claimedUnverifiedAccount);
        logSecurityEvent(request, 'unverified_account_claimed', { userId: claimedUnverifiedAccount, reason: 'password_reset' });
      }
      await announce(request, { users: [userId, ...(claimedUnverifiedAccount ? [claimedUnverifiedAccount] : [])] });
      logSecurityEvent(request, 'password_reset_completed', { userId });
      return { message: PASSWORD_RESET_DONE };
    },
  );

  emailVerificationRoutes(app, options);
  accountSecurityRoutes(app, options);

  // A POST through the CSRF check: no other site can sign a member out.
  app.post(
    '/api/logout',
    {
      // Signed out already is fine: it answers the same.
      config: { access: 'public' },
      schema: { tags: ['identity'], summary: 'Sign out (JSON or empty body)', response: { 200: MessageReply } },
    },
    async (request, reply) => {
      const session = await auth.current(request);
      const token = request.cookies[auth.cookieName];
      await auth.signOut(request, reply);
      if (token) await announce(request, { sessions: [sessionTag(token)] });
      if (session) logSecurityEvent(request, 'signed_out', { userId: session.userId });
      return { message: SIGNED_OUT };
    },
  );

  // Navigations (full page loads), so they answer with redirects.
  app.get('/api/login', { config: { access: 'public' }, schema: { tags: ['identity'], summary: 'Go to the sign-in options' } }, async (_request, reply) =>
    reply.redirect('/?signin=1'),
  );

  // Any site can send a browser here, so it only leads to a page that asks first (and POSTs).
  app.get(
    '/api/logout',
    { config: { access: 'public' }, schema: { tags: ['identity'], summary: 'Go to the sign-out page (it asks before signing out)' } },
    async (_request, reply) => reply.redirect(LOGOUT_PAGE),
  );
}
