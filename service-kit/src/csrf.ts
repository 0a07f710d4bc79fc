import { ForbiddenError, DomainError } from '@civitas/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logSecurityEvent } from './security-log';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Multipart bodies are accepted only on upload routes. */
    allowMultipart?: boolean;
    /** Server-to-server callbacks (payment webhooks) carry their own proof instead. */
    skipCsrf?: boolean;
  }
}

class UnsupportedMediaTypeError extends DomainError {
  constructor() {
    super('Requests must be sent as JSON', 415);
  }
}

/** A refusal the CSRF check itself logged (as csrf_refused, not as a plain 403). */
export class CrossSiteRequestRefused extends ForbiddenError {
  constructor() {
    super('Cross-site request refused');
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const hasBody = (request: FastifyRequest) => Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/**
 * Cross-site request defence for the cookie session: a state-changing request must carry
 * JSON (a plain HTML form cannot) and come from an allowed origin.
 */
export function registerCsrfProtection(app: FastifyInstance, options: { allowedOrigins: string[] }): void {
  const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.skipCsrf) return;
    if (hasBody(request)) {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const multipartAllowed = request.routeOptions.config?.allowMultipart && type === 'multipart/form-data';
      if (type !== 'application/json' && !multipartAllowed) {
        // What a plain HTML form from another site would send.
        logSecurityEvent(request, 'csrf_refused', { reason: 'content-type' });
        throw new UnsupportedMediaTypeError();
      }
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!originAllowed(origin, request.headers.host, allowed)) refuse(request, 'origin');
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') refuse(request, 'sec-fetch-site');
  });
}

/** An Origin header the site accepts: an allowed origin (PUBLIC_BASE_URL's), or the request's own host (the dev proxy). */
export function originAllowed(origin: string, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  return allowed.has(origin) || (host !== undefined && safeHost(origin) === host);
}

function refuse(request: FastifyRequest, reason: string): never {
  logSecurityEvent(request, 'csrf_refused', { reason });
  throw new CrossSiteRequestRefused();
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
