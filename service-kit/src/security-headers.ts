import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer, the built web app's included (the gateway
 * sends the same for the files it serves itself: deploy/gateway.conf). Scripts only from
 * our own files, never inline; styles may be inline because MUI (emotion) writes its
 * <style> tags at run time; 'self' in connect-src also covers ws:/wss: to our own host.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const contentSecurityPolicyHeader = () =>
  Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Security headers on every answer (helmet), HSTS only when the public address is https,
 * and `Cache-Control: no-store` on every /api answer: they carry personal data and
 * session-dependent content that no shared or browser cache should keep.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  // Built once: @fastify/helmet built helmet's middleware again for every request (7% of the bytes a
  // vote allocated). The headers are the same for every answer, so one middleware serves them all.
  const applyHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: options.https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    // Reset and invitation links carry their tokens in the page's path.
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
