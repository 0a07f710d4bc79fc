import { DomainError, ForbiddenError, ServiceUnavailableError, TooManyRequestsError, isNotFoundIssue } from '@civitas/events';
import type { FastifyError, FastifyInstance } from 'fastify';
import { CrossSiteRequestRefused } from './csrf';
import { outageError, type DatabaseOutage } from './database-outage';
import { logSecurityEvent } from './security-log';
import { isDeepLink } from './web-app';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** One error handler for every service: a JSON `{ message }`, 4xx for bad input, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance, options: { spaFallback?: boolean; outage: DatabaseOutage }): void {
  app.setErrorHandler((raised: FastifyError, request, reply) => {
    // The database is away: a 503 the client may retry, and one log line for the whole outage
    // (DatabaseOutage), not a stack trace per request.
    const error: FastifyError | DomainError = options.outage.noticed(raised) ? outageError() : raised;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // A path id no row can have names nothing: 404 like a missing one (docs/decisions.md, Ids and numbers).
      return reply.status(first && isNotFoundIssue(first) ? 404 : 400).send({ message: first?.message ?? 'Invalid request' });
    }
    if (error instanceof DomainError) {
      // Refusals an operator should see when someone probes (the CSRF check logs its own).
      if (error instanceof ForbiddenError && !(error instanceof CrossSiteRequestRefused)) logSecurityEvent(request, 'forbidden');
      if (error instanceof TooManyRequestsError) logSecurityEvent(request, 'rate_limited', { reason: error.limiter });
      if (error instanceof ServiceUnavailableError || error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spaFallback && isDeepLink(request.method, request.url)) return reply.sendFile('index.html');
    return reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
