import { sql, type QueryExecutorProvider } from 'kysely';
import { z } from 'zod';
import { sha256 } from './tokens';

/**
 * Ended sessions, told to every process that holds something open for one (the query side's
 * live sockets). The notice names a session by a hash of its stored id (the sessions table keys
 * sessions by sha256 of the cookie's token), never by the token or the id itself.
 */
export const SESSIONS_CHANNEL = 'civitas_sessions';

/** The name a notice gives a session, from its stored id (sessions.sid, the token's hash). */
export const sessionTagOfStoredId = (sid: string) => sha256(sid);
/** The name a notice gives the session of this cookie token. */
export const sessionTag = (token: string) => sessionTagOfStoredId(sha256(token));

export const SessionsEnded = z.object({
  /** Tags (sessionTag) of sessions that ended. */
  sessions: z.array(z.string()).default([]),
  /** Members all of whose sessions ended (a password reset). */
  users: z.array(z.string()).default([]),
});
export type SessionsEnded = z.infer<typeof SessionsEnded>;

export async function publishSessionsEnded(db: QueryExecutorProvider, ended: Partial<SessionsEnded>): Promise<void> {
  const notice: SessionsEnded = { sessions: ended.sessions ?? [], users: ended.users ?? [] };
  if (notice.sessions.length === 0 && notice.users.length === 0) return;
  await sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(notice)})`.execute(db);
}

/** A notice from the channel, or null for a payload that is not one. */
export function decodeSessionsEnded(payload: string): SessionsEnded | null {
  try {
    const parsed = SessionsEnded.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
