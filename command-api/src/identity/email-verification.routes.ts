import { verifyEmailLink } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import type { FastifyRequest } from 'fastify';
import { ResendVerificationReply, VerifyEmailBody, VerifyEmailReply } from './email-verification.schemas';
import { VERIFICATION_LINKS_PER_HOUR } from './identity-service';
import type { IdentityRouteOptions } from './identity-route-options';
import { MessageReply } from './identity.schemas';
import { VerificationLinksExhausted } from './user.decider';

export const EMAIL_VERIFIED = 'Your email address is verified.';
export const VERIFICATION_SENT = 'We sent a new verification link to your email address.';

/** Logs what a verification brought: the verified address and any role ADMIN_EMAILS gave it. */
export function logVerification(request: FastifyRequest, userId: string, outcome: { emailVerified: boolean; rolesGranted: readonly string[] }, via: 'link' | 'provider') {
  if (outcome.emailVerified) logSecurityEvent(request, 'email_verified', { userId, reason: via });
  for (const role of outcome.rolesGranted) logSecurityEvent(request, 'role_granted', { userId, reason: `${role}_by_admin_emails` });
}

/** Following the mailed link (signed in or not), and a new link for the signed-in member. */
export function emailVerificationRoutes(app: ZodRoutes, { identity, auth, publicBaseUrl, config, rateLimitFactor }: IdentityRouteOptions): void {
  app.post('/api/email-auth/verify-email', {
    schema: { tags: ['identity'], summary: 'Verify the account’s e-mail address with the mailed link', body: VerifyEmailBody, response: { 200: VerifyEmailReply } },
  }, async (request) => {
    const { userId, position, ...outcome } = await identity.verifyEmail(request.body.token);
    logVerification(request, userId, outcome, 'link');
    return { message: EMAIL_VERIFIED, position };
  });

  app.post('/api/email-auth/resend-verification', {
    schema: { tags: ['identity'], summary: 'Mail a new verification link (ends the earlier ones); signed in', response: { 200: ResendVerificationReply, 429: MessageReply } },
  }, async (request, reply) => {
    const userId = await auth.requireUserId(request);
    try {
      const token = await identity.resendEmailVerification(userId, Math.ceil(VERIFICATION_LINKS_PER_HOUR * rateLimitFactor));
      logSecurityEvent(request, 'email_verification_requested', { userId });
      return config.EXPOSE_MAIL_LINKS ? { message: VERIFICATION_SENT, verificationUrl: verifyEmailLink(publicBaseUrl, token) } : { message: VERIFICATION_SENT };
    } catch (error) {
      if (!(error instanceof VerificationLinksExhausted)) throw error;
      logSecurityEvent(request, 'rate_limited', { userId, reason: 'resend-verification' });
      return reply.header('retry-after', String(error.retryAfterSeconds)).status(429).send({ message: error.message });
    }
  });
}
