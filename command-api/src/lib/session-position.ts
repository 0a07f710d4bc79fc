import { isPosition } from '@civitas/events';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { FastifyInstance } from 'fastify';

/**
 * Read-your-writes for clients that send no X-Civitas-Position (curl, other apps): a command that
 * answers a position records it on its session, before the answer leaves, so the session's next
 * read (on any query-api process) already finds it. One update per command, only forward.
 */
export function recordSessionPositions(app: FastifyInstance, auth: SessionAuth): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode >= 300) return payload;
    const position = typeof payload === 'object' && payload !== null ? (payload as { position?: unknown }).position : undefined;
    if (!isPosition(position)) return payload;
    const session = await auth.current(request);
    // The command has happened: a failed note only costs this session the default wait, never the answer.
    if (session)
      await auth.sessions.notePosition(session.token, position).catch((error: unknown) => request.log.warn({ err: error }, 'session position not recorded'));
    return payload;
  });
}
