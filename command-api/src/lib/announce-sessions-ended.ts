import { publishSessionsEnded, type SessionsEnded } from '@civitas/service-kit/session-events';
import type { FastifyRequest } from 'fastify';
import type { QueryExecutorProvider } from 'kysely';

/**
 * Tells every process that ended sessions are gone (the query side closes their live sockets).
 * The sessions are ended already; a lost notice only leaves their sockets open until the next ping round.
 */
export const announceSessionsEnded = (request: FastifyRequest, db: QueryExecutorProvider, ended: Partial<SessionsEnded>) =>
  publishSessionsEnded(db, ended).catch((error: unknown) => request.log.warn({ err: error }, 'ended sessions not announced'));
