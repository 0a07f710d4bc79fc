import websocket from '@fastify/websocket';
import type { ReadModels } from '@civitas/projector/read-models';
import { CrossSiteRequestRefused, originAllowed } from '@civitas/service-kit';
import { memberOf } from '@civitas/service-kit/route-policies';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import { sessionTag } from '@civitas/service-kit/session-events';
import { sha256 } from '@civitas/service-kit/tokens';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { CHAT_NOT_SENT, type ChatCommands } from './chat-commands';
import { errorFrame, readClientFrame, TOO_MANY_PENDING } from './live-frames';
import { CLOSE_TOO_MANY, type LiveClient, type LiveHub } from './live-hub';
import { reloadGroups } from './memberships';

export interface LiveRouteOptions {
  hub: LiveHub;
  auth: SessionAuth;
  readModels: Kysely<ReadModels>;
  chatCommands: ChatCommands;
  publicBaseUrl: string;
}

/** Chat frames a socket may have waiting for the command; past it, the next is refused. */
const MAX_PENDING_CHAT = 8;

/**
 * GET /ws: the live socket. The upgrade is refused unless it comes with a live session (401, by
 * the route policy: a visitor is refused before anything else) from the site's origin (403); the
 * socket then receives pushes (LiveFanout) and may send subscribe and chat frames.
 */
export async function liveRoutes(instance: FastifyInstance, { hub, auth, readModels, chatCommands, publicBaseUrl }: LiveRouteOptions): Promise<void> {
  await instance.register(websocket, { options: { maxPayload: hub.limits.maxPayload } });
  const siteOrigins = new Set([new URL(publicBaseUrl).origin]);

  /** Before the upgrade: browsers always send Origin on a WebSocket, so a missing one is refused too. */
  const checkUpgrade = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined || !originAllowed(origin, request.headers.host, siteOrigins)) {
      logSecurityEvent(request, 'csrf_refused', { reason: 'ws-origin' });
      throw new CrossSiteRequestRefused();
    }
  };

  instance.get('/ws', { websocket: true, config: { access: 'member' }, preValidation: checkUpgrade, schema: { hide: true } }, (socket: WebSocket, request) => {
    const token = request.cookies[auth.cookieName]!;
    const client: LiveClient = {
      ws: socket,
      userId: memberOf(request),
      cookie: `${auth.cookieName}=${token}`,
      sid: sha256(token),
      tag: sessionTag(token),
      groups: new Set(),
      topics: null,
      alive: true,
    };
    if (!hub.add(client)) {
      socket.close(CLOSE_TOO_MANY.code, CLOSE_TOO_MANY.reason);
      return;
    }
    let pending = 0;
    let chain = Promise.resolve();
    // Listeners first, synchronously: a frame sent right after the upgrade must not be lost.
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => hub.remove(client));
    socket.on('error', () => hub.remove(client));
    socket.on('message', (data, isBinary) => {
      const frame = readClientFrame(data, isBinary);
      switch (frame.kind) {
        case 'invalid':
          hub.send(client, errorFrame(frame.message));
          return;
        case 'subscribe':
          // An empty list narrows nothing: the socket goes back to every topic it can see.
          client.topics = frame.topicIds.length > 0 ? new Set(frame.topicIds) : null;
          return;
        case 'chat':
          if (pending >= MAX_PENDING_CHAT) {
            hub.send(client, errorFrame(TOO_MANY_PENDING));
            return;
          }
          pending += 1;
          // One at a time per socket, so a member's messages are stored in the order sent.
          chain = chain
            .then(async () => {
              const result = await chatCommands.post(client.cookie, frame.body);
              if (!result.ok) hub.send(client, errorFrame(result.message));
            })
            .catch(() => hub.send(client, errorFrame(CHAT_NOT_SENT)))
            .finally(() => {
              pending -= 1;
            });
      }
    });
    reloadGroups(readModels, [client]).catch((error: unknown) => {
      if (!instance.databaseOutage.noticed(error)) request.log.warn({ err: error }, 'live socket memberships not loaded');
    });
  });
}
