import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';

describe('embedded PostgreSQL', () => {
  it('initialises a cluster in the data folder and keeps data across restarts', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'civitas-embedded-')), 'postgres');
    const first = await startEmbeddedPostgres(dataDir, 'civitas');
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('create table kept (value text)');
    await client.query("insert into kept values ('still here')");
    await client.end();
    await first.stop();

    const second = await startEmbeddedPostgres(dataDir, 'civitas');
    const again = new pg.Client({ connectionString: second.url });
    await again.connect();
    const { rows } = await again.query('select value from kept');
    await again.end();
    await second.stop();
    expect(rows).toEqual([{ value: 'still here' }]);
  }, 60_000);
});
