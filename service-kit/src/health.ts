import { sql, type QueryExecutorProvider } from 'kysely';

/** The projector holds this session-level advisory lock while it runs: one active projector, and a liveness signal. */
export const PROJECTOR_LOCK_KEY = 7_319_001;

export const databaseIsUp = (db: QueryExecutorProvider) => async () => {
  await sql`select 1`.execute(db);
  return true;
};

export const projectorIsUp = (db: QueryExecutorProvider) => async () => {
  const result = await sql<{ held: boolean }>`
    select exists(
      select 1 from pg_locks
      where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())
        and ((classid::bigint << 32) | objid::bigint) = ${PROJECTOR_LOCK_KEY}
    ) as held`.execute(db);
  return result.rows[0]?.held === true;
};
