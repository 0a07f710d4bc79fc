import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { groupCreated } from '../../projector/test/spec-events';
import { startQueryApp, type QueryApp } from './query-app';

describe('read-your-writes (X-Civitas-Position)', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  it('answers a read at once when the projections it reads have reached the position', async () => {
    const position = await query.record(groupCreated(2, { name: 'Islam' }));
    const started = Date.now();
    const answer = await query.get('/api/groups/2', { position });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: 2, name: 'Islam' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('never answers a read without a write whose position it was sent', async () => {
    const position = await query.append(groupCreated(3, { name: 'Christianity' }));
    // The wait covers the projector's lag; a 503 (a busy shared server) is retried, as the web client does.
    const answer = await eventually(() => query.get('/api/groups/3', { position }), (reply) => reply.statusCode !== 503);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: 3, name: 'Christianity' });
  });

  it('refuses a malformed position with 400 JSON', async () => {
    for (const position of ['12', 'not-a-position', '0000000000000001-000000000000000G']) {
      const answer = await query.get('/api/groups', { position });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'X-Civitas-Position is not a position' });
    }
  });

  it('waits for a position the projections have not reached, then answers 503 with Retry-After', async () => {
    const started = Date.now();
    const answer = await query.get('/api/groups', { position: '7fffffffffffffff-7fffffffffffffff' });
    const waited = Date.now() - started;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json()).toEqual({ message: 'The data is still being updated; please retry shortly.' });
    // docs/decisions.md: up to 2 s, then 503.
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(5000);
  });

  it('ignores the position on a route that reads no read model', async () => {
    const answer = await query.get('/api/payments/providers', { position: 'not-a-position' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ providers: [{ id: 'sandbox', label: 'Sandbox (no real payment)' }] });
  });
});
