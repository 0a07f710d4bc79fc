import { SignInProviders } from '@civitas/events/identity/auth-user';
import type { ZodRoutes } from '@civitas/service-kit/http-app';

/**
 * GET /api/auth/providers: the landing page offers only the providers this server is registered
 * with, so nobody is sent to a sign-in that can only answer "not configured".
 */
export function signInProvidersRoutes(app: ZodRoutes, providers: SignInProviders['providers']): void {
  app.get(
    '/api/auth/providers',
    {
      config: { access: 'public' },
      schema: { tags: ['identity'], summary: 'The sign-in providers this server offers', response: { 200: SignInProviders } },
    },
    async () => ({ providers }),
  );
}
