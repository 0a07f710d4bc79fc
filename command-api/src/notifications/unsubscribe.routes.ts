import { ForbiddenError, NotificationType, secretText, type MailDelivery, type Position } from '@civitas/events';
import { zodRoutes, type ZodRoutes } from '@civitas/service-kit/http-app';
import { z } from 'zod';
import { byAddress, rateLimitRule } from '../lib/rate-limiters';
import { UNSUBSCRIBE_ROUTE } from './notification-mail-message';
import type { UnsubscribeTokens } from './unsubscribe-token';

export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Choose which e-mails you get in Settings instead.';
const TOKEN_REQUIRED = 'The unsubscribe link is incomplete';

/** A click is one request; a script trying tokens is stopped long before a signature could be guessed. */
const UNSUBSCRIBE_LIMITS = [rateLimitRule('unsubscribe-ip', byAddress, 30, '15 minutes')];

/** What the route asks of the notification settings (NotificationSettingsService, passed in by services.ts). */
export interface UnsubscribeChoices {
  choose(userId: string, choice: { deliveries: Partial<Record<NotificationType, MailDelivery>> }, via: 'unsubscribe'): Promise<{ position: Position | null }>;
}

const UnsubscribeQuery = z.object({
  token: secretText({ field: 'Token', required: TOKEN_REQUIRED }).min(1, TOKEN_REQUIRED).max(600, UNSUBSCRIBE_LINK_INVALID),
});
/** RFC 8058's form body (`List-Unsubscribe=One-Click`), or the page's JSON (`{}`). */
const UnsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click', { error: "List-Unsubscribe must be 'One-Click'" }).optional() }).optional();
export const UnsubscribeReply = z.object({ types: z.array(NotificationType), position: z.string().nullable() });

/**
 * `POST /api/notifications/unsubscribe?token=`: the one-click unsubscribe of every notification mail
 * (RFC 8058; docs/decisions.md, Notification mail). Public and free of CSRF checks: a mail client
 * posts it without a session or an origin, and the signed token is the whole authority. It turns to
 * 'never' exactly the types the token names, for the member it names. A GET of the link (a mail
 * scanner's, or a person's browser) is query-api's: a redirect to the page that asks first; nothing changes.
 */
export function unsubscribeRoutes(app: ZodRoutes, options: { unsubscribeTokens: UnsubscribeTokens; notifications: UnsubscribeChoices }): void {
  // The form body is parsed in this route's scope alone: every other command still accepts JSON only.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    zodRoutes(scope).post(
      UNSUBSCRIBE_ROUTE,
      {
        config: { access: 'public', skipCsrf: true, rateLimits: UNSUBSCRIBE_LIMITS },
        schema: {
          tags: ['notifications'],
          summary: 'Stop the e-mails a mailed unsubscribe link names (one click, RFC 8058; no sign-in)',
          querystring: UnsubscribeQuery,
          body: UnsubscribeBody,
          response: { 200: UnsubscribeReply },
        },
      },
      async (request) => {
        const grant = options.unsubscribeTokens.verify(request.query.token);
        if (!grant) throw new ForbiddenError(UNSUBSCRIBE_LINK_INVALID);
        const deliveries = Object.fromEntries(grant.types.map((type) => [type, 'never' as const]));
        const { position } = await options.notifications.choose(grant.userId, { deliveries }, 'unsubscribe');
        return { types: grant.types, position };
      },
    );
  });
}
