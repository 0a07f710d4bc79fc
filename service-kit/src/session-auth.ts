import { SIGNED_IN_HINT_COOKIE, UnauthorizedError } from '@civitas/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QueryExecutorProvider } from 'kysely';
import type { Config } from './config';
import type {} from './security-log'; // request.memberId
import { SessionStore, type ResolvedSession } from './sessions';
import { deviceLabel } from './device-label';

/**
 * The session cookie: opaque, HttpOnly, SameSite=Lax; over HTTPS also Secure with the
 * __Host- prefix (bound to this exact origin).
 */
export class SessionAuth {
  readonly cookieName: string;
  private readonly resolved = new WeakMap<FastifyRequest, Promise<ResolvedSession | null>>();

  constructor(
    readonly sessions: SessionStore,
    private readonly secure: boolean,
  ) {
    this.cookieName = secure ? '__Host-civitas_session' : 'civitas_session';
  }

  current(request: FastifyRequest): Promise<ResolvedSession | null> {
    let session = this.resolved.get(request);
    if (!session) {
      session = this.sessions.resolve(request.cookies[this.cookieName]).then((resolved) => {
        request.memberId = resolved?.userId ?? null;
        return resolved;
      });
      this.resolved.set(request, session);
    }
    return session;
  }

  async requireUserId(request: FastifyRequest): Promise<string> {
    const session = await this.current(request);
    if (!session) throw new UnauthorizedError('Unauthorized');
    return session.userId;
  }

  /** Always a new session id at sign-in; any session the browser had is ended. Only the device's coarse label is kept. */
  async signIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    await this.sessions.destroy(request.cookies[this.cookieName]);
    const { token, expiresAt } = await this.sessions.create(userId, deviceLabel(request.headers['user-agent']));
    reply.setCookie(this.cookieName, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.secure, expires: expiresAt });
    reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure: this.secure, expires: expiresAt });
    this.resolved.set(request, this.sessions.resolve(token));
    request.memberId = userId;
  }

  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.sessions.destroy(request.cookies[this.cookieName]);
    reply.clearCookie(this.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.secure });
    reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', httpOnly: false, sameSite: 'lax', secure: this.secure });
  }
}

/** The session settings of the configuration, applied. */
export function createSessionAuth(db: QueryExecutorProvider, config: Config, now?: () => Date): SessionAuth {
  const sessions = new SessionStore(db, {
    idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    absoluteTimeoutMs: config.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000,
    now,
  });
  return new SessionAuth(sessions, config.publicBaseUrl.startsWith('https://'));
}
