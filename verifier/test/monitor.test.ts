import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signCheckpoint, type SignedCheckpoint } from '@civitas/events';
import { logSigningKey, signPendingCheckpoint } from '@civitas/service-kit/merkle-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, topicCreated } from '../../projector/test/spec-events';
import { startQueryApp, type QueryApp } from '../../query-api/test/query-app';
import { MONITOR_STATE_FORMAT, monitorLog, type MonitorState } from '../src/monitor';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '../bin/civitas-verify.mjs');
const ORIGIN = 'civitas.test';

// Issue #40 item 6: a monitor anyone can run catches a log that forks or rolls back, over real HTTP.
describe('civitas-verify monitor', () => {
  let query: QueryApp;
  let baseUrl = '';
  let publicKey = '';
  let folder = '';
  let group = 0;

  /** New events and a checkpoint over them, signed as the platform's checkpointer signs. */
  const grow = async () => {
    await query.record(topicCreated(newId(), group, newId()));
    return (await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date(), { origin: ORIGIN }))!;
  };
  /** The monitor's command, its exit status and what it printed. */
  const monitor = async (state: string, key = publicKey) => {
    try {
      const { stdout } = await run(process.execPath, [BIN, 'monitor', baseUrl, '--key', key, '--state', state]);
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
    }
  };
  /** What the log's own key would sign for a tree the platform never had: the split view a fork is. */
  const forged = async (head: { treeSize: number; rootHash: Buffer }): Promise<SignedCheckpoint> =>
    signCheckpoint((await logSigningKey(query.db)).privateKey, { origin: ORIGIN, ...head, timestamp: new Date().toISOString() });
  const stateWith = async (name: string, checkpoint: SignedCheckpoint) => {
    const file = join(folder, name);
    const state: MonitorState = { format: MONITOR_STATE_FORMAT, baseUrl, publicKey, checkpoint };
    await writeFile(file, JSON.stringify(state));
    return file;
  };

  beforeAll(async () => {
    query = await startQueryApp();
    baseUrl = await query.app.listen({ port: 0, host: '127.0.0.1' });
    publicKey = (await logSigningKey(query.db)).publicKey.toString('base64');
    group = (await query.member('Omar')).groups.family;
    folder = await mkdtemp(join(tmpdir(), 'civitas-monitor-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
    await query?.close();
  });

  it('keeps the first checkpoint, then proves each later one extends it and keeps that', async () => {
    const first = await grow();
    const state = join(folder, 'state.json');
    expect(await monitor(state)).toEqual({ code: 0, out: `civitas-verify monitor ${baseUrl}: first checkpoint kept: ${first.treeSize} events\n` });
    expect((JSON.parse(await readFile(state, 'utf8')) as MonitorState).checkpoint).toMatchObject({ treeSize: first.treeSize, rootHash: first.rootHash });
    expect((await monitor(state)).out).toContain(`unchanged: ${first.treeSize} events`);
    const second = await grow();
    expect(await monitor(state)).toMatchObject({
      code: 0,
      out: expect.stringContaining(`grew from ${first.treeSize} to ${second.treeSize} events, proven consistent`),
    });
    expect((JSON.parse(await readFile(state, 'utf8')) as MonitorState).checkpoint.treeSize).toBe(second.treeSize);
  });

  it('exits 1 on a fork: the log once showed this monitor another tree, signed with its own key', async () => {
    const latest = await grow();
    // Same size, another root: two trees of one size.
    const sameSize = await stateWith('fork-same.json', await forged({ treeSize: latest.treeSize, rootHash: Buffer.alloc(32, 1) }));
    expect(await monitor(sameSize)).toMatchObject({ code: 1, out: expect.stringContaining(`FORK: two different trees of ${latest.treeSize} events`) });
    // A smaller tree this log never had: no consistency proof from it leads to today's root.
    const earlier = await stateWith('fork-earlier.json', await forged({ treeSize: latest.treeSize - 1, rootHash: Buffer.alloc(32, 2) }));
    expect(await monitor(earlier)).toMatchObject({
      code: 1,
      out: expect.stringContaining(`FORK: the log of ${latest.treeSize} events does not extend the one of ${latest.treeSize - 1}`),
    });
    // The state is left as it was, so the next run says it again.
    expect((JSON.parse(await readFile(earlier, 'utf8')) as MonitorState).checkpoint.rootHash).toBe(Buffer.alloc(32, 2).toString('base64'));
  });

  it('exits 1 on a rollback and on a checkpoint another key signed; 2 when it cannot reach the log', async () => {
    const latest = await grow();
    const ahead = await stateWith('rollback.json', await forged({ treeSize: latest.treeSize + 5, rootHash: Buffer.alloc(32, 3) }));
    expect(await monitor(ahead)).toMatchObject({
      code: 1,
      out: expect.stringContaining(`ROLLBACK: the log now shows ${latest.treeSize} events, fewer than the ${latest.treeSize + 5}`),
    });
    const otherKey = Buffer.alloc(32, 9).toString('base64');
    expect(await monitor(join(folder, 'other-key.json'), otherKey)).toMatchObject({
      code: 1,
      out: expect.stringContaining('not a note of civitas.test signed by the key given'),
    });
    const unreachable = await monitorLog({ baseUrl: 'http://127.0.0.1:9', publicKey, previous: null }).catch((error: Error) => error.message);
    expect(unreachable).toContain('cannot reach http://127.0.0.1:9/api/audit/log/checkpoint');
    const command = await run(process.execPath, [BIN, 'monitor', 'http://127.0.0.1:9', '--key', publicKey, '--state', join(folder, 'nowhere.json')]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(command).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot reach http://127.0.0.1:9') });
  });
});
