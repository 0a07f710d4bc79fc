import { DATABASE_CONNECT_TIMEOUT_MS } from '@civitas/events';
import pg from 'pg';

const RETRY_MS = 2000;

/**
 * Waits until this process holds a PostgreSQL advisory lock, so one instance of a reactor works
 * at a time. The lock lives with its connection: `onLost` fires when that connection ends.
 */
export async function acquireLeaderLock(connectionString: string, key: number, signal: AbortSignal, onLost: () => void): Promise<pg.Client | null> {
  while (!signal.aborted) {
    const client = new pg.Client({ connectionString, application_name: `civitas-leader-${key}`, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
      if (rows[0]?.locked) {
        client.on('end', onLost);
        return client;
      }
    } catch {
      // Unreachable database: try again shortly.
    }
    await client.end().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  return null;
}
