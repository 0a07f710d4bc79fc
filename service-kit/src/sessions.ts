import { sql, type Kysely } from 'kysely';
import { randomToken, sha256 } from './tokens';

export interface SessionData {
  userId: string;
  createdAt: string;
  lastSeenAt: string;
}

export interface SessionOptions {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  now?: () => Date;
}

export interface ResolvedSession extends SessionData {
  token: string;
}

// Refreshing last-seen on every request would write on every read; a minute is precise enough.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Server-side sessions in PostgreSQL (`sessions`: sid, sess, expire). The cookie carries a
 * random token; the table only its hash. Idle and absolute timeouts are enforced here.
 */
export class SessionStore {
  private readonly now: () => Date;

  constructor(
    private readonly db: Kysely<any>,
    readonly options: SessionOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const now = this.now();
    const data: SessionData = { userId, createdAt: now.toISOString(), lastSeenAt: now.toISOString() };
    const expire = this.expiryFor(data);
    await sql`insert into sessions (sid, sess, expire) values (${sha256(token)}, ${JSON.stringify(data)}, ${expire})`.execute(this.db);
    return { token, expiresAt: this.absoluteExpiry(data) };
  }

  async resolve(token: string | undefined): Promise<ResolvedSession | null> {
    if (!token) return null;
    const sid = sha256(token);
    const row = (await sql<{ sess: SessionData; expire: Date }>`select sess, expire from sessions where sid = ${sid}`.execute(this.db)).rows[0];
    if (!row) return null;
    const now = this.now();
    if (row.expire <= now) {
      await sql`delete from sessions where sid = ${sid}`.execute(this.db);
      return null;
    }
    if (now.getTime() - Date.parse(row.sess.lastSeenAt) >= TOUCH_INTERVAL_MS) {
      const touched = { ...row.sess, lastSeenAt: now.toISOString() };
      await sql`update sessions set sess = ${JSON.stringify(touched)}, expire = ${this.expiryFor(touched)} where sid = ${sid}`.execute(this.db);
      return { ...touched, token };
    }
    return { ...row.sess, token };
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await sql`delete from sessions where sid = ${sha256(token)}`.execute(this.db);
  }

  /** Ends every session of a user (after a password reset), but the one given. */
  async destroyAllForUser(userId: string, exceptToken?: string): Promise<void> {
    await sql`delete from sessions where sess->>'userId' = ${userId} and sid <> ${exceptToken ? sha256(exceptToken) : ''}`.execute(this.db);
  }

  async deleteExpired(): Promise<void> {
    await sql`delete from sessions where expire <= ${this.now()}`.execute(this.db);
  }

  private absoluteExpiry(data: SessionData): Date {
    return new Date(Date.parse(data.createdAt) + this.options.absoluteTimeoutMs);
  }

  /** Whichever comes first: idle timeout from last use, or the absolute limit from creation. */
  private expiryFor(data: SessionData): Date {
    const idle = Date.parse(data.lastSeenAt) + this.options.idleTimeoutMs;
    return new Date(Math.min(idle, this.absoluteExpiry(data).getTime()));
  }
}
