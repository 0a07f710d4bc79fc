import { sql, type QueryExecutorProvider } from 'kysely';
import { randomToken, sha256 } from './tokens';
import { PositionNotes } from './position-notes';
import type { DeviceLabel } from './device-label';

export interface SessionData {
  userId: string;
  createdAt: string;
  lastSeenAt: string;
  /** The browser and system at sign-in (Settings names the session by them); absent in older sessions. */
  device?: DeviceLabel;
}

export interface SessionOptions {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  now?: () => Date;
}

export interface ResolvedSession extends SessionData {
  token: string;
  /** The position of the session's last command (null before its first): its reads wait for it. */
  position: string | null;
}

// Refreshing last-seen on every request would write on every read; a minute is precise enough.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Server-side sessions in PostgreSQL (`sessions`: sid, sess, expire). The cookie carries a
 * random token; the table only its hash. Idle and absolute timeouts are enforced here.
 */
export class SessionStore {
  private readonly now: () => Date;
  private readonly positionNotes = new PositionNotes(async (notes) => {
    const rows = [...notes].map(([sid, position]) => ({ sid, position }));
    await sql`
      insert into session_positions as p (sid, position)
      select sid, position from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as note(sid text, position text)
      order by sid -- two processes' batches lock rows in the same order: no deadlock
      on conflict (sid) do update set position = excluded.position where p.position collate "C" < excluded.position collate "C"`.execute(this.db);
  });

  constructor(
    // Raw SQL only (sessions.migrations.ts's tables): any Kysely or transaction runs it.
    private readonly db: QueryExecutorProvider,
    readonly options: SessionOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async create(userId: string, device?: DeviceLabel | null): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const now = this.now();
    const data: SessionData = { userId, createdAt: now.toISOString(), lastSeenAt: now.toISOString(), ...(device && { device }) };
    const expire = this.expiryFor(data);
    await sql`insert into sessions (sid, sess, expire) values (${sha256(token)}, ${JSON.stringify(data)}, ${expire})`.execute(this.db);
    return { token, expiresAt: this.absoluteExpiry(data) };
  }

  async resolve(token: string | undefined): Promise<ResolvedSession | null> {
    if (!token) return null;
    const sid = sha256(token);
    const row = (
      await sql<{
        sess: SessionData;
        expire: Date;
        position: string | null;
      }>`select s.sess, s.expire, p.position from sessions s left join session_positions p on p.sid = s.sid where s.sid = ${sid}`.execute(this.db)
    ).rows[0];
    if (!row) return null;
    const now = this.now();
    if (row.expire <= now) {
      await this.destroy(token);
      return null;
    }
    if (now.getTime() - Date.parse(row.sess.lastSeenAt) >= TOUCH_INTERVAL_MS) {
      const touched = { ...row.sess, lastSeenAt: now.toISOString() };
      await sql`update sessions set sess = ${JSON.stringify(touched)}, expire = ${this.expiryFor(touched)} where sid = ${sid}`.execute(this.db);
      return { ...touched, token, position: row.position };
    }
    return { ...row.sess, token, position: row.position };
  }

  /**
   * Remembers a command's position for its session, only forward. Positions are fixed-width hex, so
   * byte order ("C" collation, whatever the database's) is their order (events/src/position.ts).
   */
  notePosition(token: string, position: string): Promise<void> {
    return this.positionNotes.note(sha256(token), position);
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    const sid = sha256(token);
    await sql`with ended as (delete from sessions where sid = ${sid}) delete from session_positions where sid = ${sid}`.execute(this.db);
  }

  /** Ends every session of a user (after a password reset), but the one given; answers the stored ids of those it ended. */
  async destroyAllForUser(userId: string, exceptToken?: string): Promise<string[]> {
    const ended = await sql<{ sid: string }>`
      with ended as (delete from sessions where sess->>'userId' = ${userId} and sid <> ${exceptToken ? sha256(exceptToken) : ''} returning sid),
      positions as (delete from session_positions where sid in (select sid from ended))
      select sid from ended`.execute(this.db);
    return ended.rows.map((row) => row.sid);
  }

  /** A member's live sessions (settings, export), newest first; `current` marks the one of this token. */
  async listForUser(userId: string, currentToken?: string): Promise<Array<SessionData & { expiresAt: Date; current: boolean }>> {
    const currentSid = currentToken ? sha256(currentToken) : '';
    const rows = await sql<{ sid: string; sess: SessionData; expire: Date }>`
      select sid, sess, expire from sessions where sess->>'userId' = ${userId} and expire > ${this.now()} order by sess->>'createdAt' desc, sid`.execute(
      this.db,
    );
    return rows.rows.map((row) => ({ ...row.sess, expiresAt: row.expire, current: row.sid === currentSid }));
  }

  async deleteExpired(): Promise<void> {
    await sql`
      with ended as (delete from sessions where expire <= ${this.now()} returning sid)
      delete from session_positions p where p.sid in (select sid from ended) or not exists (select 1 from sessions s where s.sid = p.sid)`.execute(this.db);
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
