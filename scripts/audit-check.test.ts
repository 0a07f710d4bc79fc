import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { encodePosition } from '@civitas/events';
import { logSigningKey, signPendingCheckpoint } from '@civitas/service-kit/merkle-store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, opinionPosted, topicCreated } from '../projector/test/spec-events';
import { startQueryApp, type QueryApp } from '../query-api/test/query-app';
import { TEST_VAULT_KEY } from '../test-support/test-vault-key';
import { auditLog } from './audit-check';

const run = promisify(execFile);

describe('npm run audit:check', () => {
  let query: QueryApp;
  let databaseUrl: string;
  beforeAll(async () => {
    query = await startQueryApp();
    const author = await query.member('Ada');
    const topic = newId();
    await query.record(
      topicCreated(topic, author.groups.family, author.id),
      opinionPosted(newId(), topic, author.groups.family, author.id, 'Every Sunday at noon.'),
    );
    await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date('2026-03-10T12:00:00.000Z'));
    await query.record(opinionPosted(newId(), topic, author.groups.family, author.id, 'Saturday suits more of us.'));
    await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date('2026-03-10T12:00:05.000Z'));
    // The app's own database, on whichever server the run uses (the embedded one without DATABASE_URL).
    databaseUrl = query.databaseUrl;
  });
  afterAll(async () => query.close());

  const cli = async () => {
    const env = { ...process.env, DATABASE_URL: databaseUrl, VAULT_KEY: TEST_VAULT_KEY, LOG_LEVEL: 'silent' };
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/audit-check-cli.ts'], { env });
      return { code: 0, stdout };
    } catch (error) {
      const failure = error as { code: number; stdout: string };
      return { code: failure.code, stdout: failure.stdout };
    }
  };

  it('finds nothing wrong in an untouched log, and says OK', async () => {
    const report = await auditLog(query.db);
    expect(report.findings).toEqual([]);
    expect(report.checkpoints).toBe(2);
    const answer = await cli();
    expect(answer.code).toBe(0);
    expect(answer.stdout).toMatch(/^OK: \d+ events match their leaves; 2 signed checkpoints match their roots/);
  });

  it('names the position of an event whose stored bytes were changed behind the write protection, with exit status 1', async () => {
    const [target] = (
      await sql<{ tx: string; global_position: string }>`
      select transaction_id::text as tx, global_position from events where type = 'OpinionPosted' order by transaction_id, global_position limit 1`.execute(
        query.db,
      )
    ).rows;
    const position = encodePosition(target!.tx, target!.global_position);
    // What only the database owner can do: lift the append-only triggers, flip one character of the data, put them back.
    await sql`alter table events disable trigger user`.execute(query.db);
    await sql`update events set data = jsonb_set(data, '{content}', to_jsonb('Every Sunday at noom.'::text))
      where transaction_id = ${target!.tx}::xid8 and global_position = ${target!.global_position}::bigint`.execute(query.db);
    await sql`alter table events enable trigger user`.execute(query.db);

    const report = await auditLog(query.db);
    expect(report.findings[0]).toEqual({ position, problem: 'changed after its leaf was recorded' });
    // The only changed event, and both checkpoints signed after it no longer match the recomputed roots.
    expect(report.findings.filter((finding) => finding.problem === 'changed after its leaf was recorded')).toHaveLength(1);
    expect(report.findings.filter((finding) => finding.problem === 'checkpoint root differs')).toHaveLength(2);
    const answer = await cli();
    expect(answer.code).toBe(1);
    expect(answer.stdout).toContain(`${position}: changed after its leaf was recorded`);
  });
});
