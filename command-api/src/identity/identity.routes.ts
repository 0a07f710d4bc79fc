import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { UnauthorizedError } from '@civitas/events';
import { resetPasswordLink, type Account, type IdentityService } from './identity-service';
import { ForgotPasswordBody, ForgotPasswordReply, LoginBody, MessageReply, RegisterBody, ResetPasswordBody, SignInReply } from './identity.schemas';
import { signInRateLimits } from './rate-limits';

export const FORGOT_PASSWORD_ANSWER = 'If an account with this email exists, you will receive a password reset link shortly.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now sign in.';

export interface IdentityRouteOptions {
  identity: IdentityService;
  auth: SessionAuth;
  publicBaseUrl: string;
  /** While no mail transport exists, the reset link is handed back for local use (DECISIONS.md). */
  mailConfigured: boolean;
  rateLimitFactor: number;
}

export function identityRoutes(app: ZodRoutes, { identity, auth, publicBaseUrl, mailConfigured, rateLimitFactor }: IdentityRouteOptions): void {
  const limits = signInRateLimits(app, rateLimitFactor);
  const signedInUser = ({ userId, state: { email, firstName, lastName, roles } }: Account) =>
    ({ id: userId, email: email!, firstName, lastName, roles, isAdmin: roles.includes('admin') });

  app.post('/api/email-auth/register', {
    preHandler: limits.register,
    schema: { tags: ['identity'], summary: 'Create an account and sign in', body: RegisterBody, response: { 201: SignInReply } },
  }, async (request, reply) => {
    const { account, position } = await identity.registerWithPassword(request.body);
    await auth.signIn(request, reply, account.userId);
    return reply.status(201).send({ user: signedInUser(account), position });
  });

  app.post('/api/email-auth/login', {
    preHandler: limits.login,
    schema: { tags: ['identity'], summary: 'Sign in with e-mail and password', body: LoginBody, response: { 200: SignInReply } },
  }, async (request, reply) => {
    const account = await identity.verifyLogin(request.body.email, request.body.password);
    if (!account) throw new UnauthorizedError('Invalid email or password');
    await auth.signIn(request, reply, account.userId);
    return { user: signedInUser(account), position: null };
  });

  app.post('/api/email-auth/forgot-password', {
    preHandler: limits.forgotPassword,
    schema: { tags: ['identity'], summary: 'Send a password reset link', body: ForgotPasswordBody, response: { 200: ForgotPasswordReply } },
  }, async (request) => {
    const token = await identity.requestPasswordReset(request.body.email);
    return mailConfigured ? { message: FORGOT_PASSWORD_ANSWER } : { message: FORGOT_PASSWORD_ANSWER, resetUrl: resetPasswordLink(publicBaseUrl, token) };
  });

  app.post('/api/email-auth/reset-password', {
    schema: { tags: ['identity'], summary: 'Set a new password with a reset link', body: ResetPasswordBody, response: { 200: MessageReply } },
  }, async (request) => {
    const { userId } = await identity.resetPassword(request.body.token, request.body.password);
    await auth.sessions.destroyAllForUser(userId);
    return { message: PASSWORD_RESET_DONE };
  });

  // Navigations (full page loads), so they answer with redirects.
  app.get('/api/login', { schema: { tags: ['identity'], summary: 'Go to the sign-in options' } }, async (_request, reply) => reply.redirect('/?signin=1'));

  app.get('/api/logout', { schema: { tags: ['identity'], summary: 'Sign out and go home' } }, async (request, reply) => {
    await auth.signOut(request, reply);
    return reply.redirect('/');
  });
}
