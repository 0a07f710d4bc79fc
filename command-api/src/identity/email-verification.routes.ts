import { verifyEmailLink } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import type { FastifyRequest } from 'fastify';
import { ResendVerificationReply, VerifyEmailBody, VerifyEmailReply } from './email-verification.schemas';
import { VERIFICATION_LINKS_PER_HOUR } from './identity-service';
import type { IdentityRouteOptions } from './identity-route-options';
import { MessageReply } from './identity.schemas';

export const EMAIL_VERIFIED = 'Your email address is verified.';
export const VERIFICATION_SENT = 'We sent a new verification link to your email address.';

/** Logs what a verification brought: the verified address and any role ADMIN_EMAILS gave it. */
export function logVerification(
  request: FastifyRequest,
  userId: string,
  outcome: { emailVerified: boolean; rolesGranted: readonly string[] },
  via: 'link' | 'provider',
) {
  if (outcome.emailVerified) logSecurityEvent(request, 'email_verified', { userId, reason: via });
  for (const role of outcome.rolesGranted) logSecurityEvent(request, 'role_granted', { userId, reason: `${role}_by_admin_emails` });
}

/** Following the mailed link (signed in or not), and a new link for the signed-in member. */
export function emailVerificationRoutes(app: ZodRoutes, { identity, publicBaseUrl, config, rateLimitFactor }: IdentityRouteOptions): void {
  app.post(
    '/api/email-auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'Verify the account’s e-mail address with the mailed link',
        body: VerifyEmailBody,
        response: { 200: VerifyEmailReply },
      },
    },
    async (request) => {
      const { userId, position, ...outcome } = await identity.verifyEmail(request.body.token);
      logVerification(request, userId, outcome, 'link');
      return { message: EMAIL_VERIFIED, position };
    },
  );

  app.post(
    '/api/email-auth/resend-verification',
    {
      config: { access: 'member' },
      schema: {
        tags: ['identity'],
        summary: 'Mail a new verification link (ends the earlier ones); signed in',
        response: { 200: ResendVerificationReply, 429: MessageReply },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      // A refusal is a TooManyRequestsError: the error handler answers 429 with Retry-After and logs it.
      const token = await identity.resendEmailVerification(userId, Math.ceil(VERIFICATION_LINKS_PER_HOUR * rateLimitFactor));
      logSecurityEvent(request, 'email_verification_requested', { userId });
      return config.EXPOSE_MAIL_LINKS ? { message: VERIFICATION_SENT, verificationUrl: verifyEmailLink(publicBaseUrl, token) } : { message: VERIFICATION_SENT };
    },
  );
}
