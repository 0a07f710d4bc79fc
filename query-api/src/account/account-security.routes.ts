import { AccountSecurity, ServiceUnavailableError } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { QueryContext } from '../lib/viewer';

/** The Settings dialog's security section: whether there is a password to ask for, and where the member is signed in. */
export function accountSecurityRoutes(app: ZodRoutes, { readModels, auth }: QueryContext): void {
  app.get(
    '/api/user/account-security',
    {
      config: { access: 'member', readModels: ['users'] },
      schema: {
        tags: ['account'],
        summary: 'Whether my account has a password, and my signed-in sessions (never their tokens)',
        response: { 200: AccountSecurity },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const session = (await auth.current(request))!;
      const [user, sessions] = await Promise.all([
        readModels.selectFrom('users').select('has_password').where('id', '=', userId).executeTakeFirst(),
        auth.sessions.listForUser(userId, session.token),
      ]);
      if (!user) throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
      return {
        hasPassword: user.has_password,
        sessions: sessions.map((row) => ({
          createdAt: row.createdAt,
          lastSeenAt: row.lastSeenAt,
          expiresAt: row.expiresAt.toISOString(),
          current: row.current,
          device: row.device ?? null,
        })),
      };
    },
  );
}
