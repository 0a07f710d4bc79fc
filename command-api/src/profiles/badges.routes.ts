import {
  BADGE_MEMBER_NOT_FOUND,
  BADGES,
  BadgeReply,
  GrantBadgeBody,
  NotFoundError,
  RevokeBadgeBody,
  UNKNOWN_BADGE,
  uuidParam,
  type Badge,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import type { ProfilesService } from './profiles-service';

/** `/api/admin/users/:id/badges`: an id that is not a uuid names no member (404, the badge routes' own message). */
const BadgeMemberParams = z.object({ id: uuidParam(BADGE_MEMBER_NOT_FOUND) });

const isBadge = (value: string): value is Badge => (BADGES as readonly string[]).includes(value);

/** Badges are granted by admins as events (docs/product.md, Roles: the founder badge is data, never a hard-coded id). */
export function badgesRoutes(app: ZodRoutes, { profiles }: { profiles: ProfilesService }): void {
  app.post(
    '/api/admin/users/:id/badges',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['profiles', 'admin'],
        summary: 'Grant a member a badge (admins)',
        params: BadgeMemberParams,
        body: GrantBadgeBody,
        response: { 201: BadgeReply },
      },
    },
    async (request, reply) => {
      const adminId = memberOf(request);
      const userId = request.params.id;
      const { position } = await profiles.grantBadge(adminId, userId, request.body.badge, request.body.reason ?? null);
      return reply.status(201).send({ position, userId, badge: request.body.badge, held: true });
    },
  );

  app.delete(
    '/api/admin/users/:id/badges/:badge',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['profiles', 'admin'],
        summary: 'Revoke a member\u2019s badge (admins; optional JSON body with a reason)',
        params: BadgeMemberParams.extend({ badge: z.string() }),
        body: RevokeBadgeBody,
        response: { 200: BadgeReply },
      },
    },
    async (request) => {
      const adminId = memberOf(request);
      const userId = request.params.id;
      const badge = request.params.badge;
      if (!isBadge(badge)) throw new NotFoundError(UNKNOWN_BADGE);
      const { position } = await profiles.revokeBadge(adminId, userId, badge, request.body?.reason ?? null);
      return { position, userId, badge, held: false };
    },
  );
}
