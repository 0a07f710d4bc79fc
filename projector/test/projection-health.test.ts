import { randomUUID } from 'node:crypto';
import { START_POSITION } from '@civitas/events';
import { createHttpApp } from '@civitas/service-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAG_COUNT_CAP, projectionHealth } from '@civitas/service-kit/read-model-health';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { createReadSchema, projections } from '../src/index';
import { eventually } from '../../test-support/eventually';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';

describe('projection health', () => {
  let fixture: ProjectorFixture;
  beforeAll(async () => {
    fixture = await createProjectorFixture();
  });
  afterAll(async () => fixture.close());

  const park = (projection: string, position: string) =>
    sql`
    insert into read_model.parked_events (projection, position, event_id, event_type, stream_id, error_code, error_message)
    values (${projection}, ${position}, ${randomUUID()}, 'GroupCreated', 'group-1', '22021', 'invalid byte sequence')`.execute(fixture.db);

  it('is nothing to report without read models, or with nothing parked and nothing waiting', async () => {
    expect(await projectionHealth(fixture.db)).toBeNull();
    await createReadSchema(fixture.db, READ_SCHEMA, projections);
    expect(await projectionHealth(fixture.db)).toBeNull();
  });

  it('reports each projection: checkpoint, lag in events (capped) and seconds, parked count; /healthz says degraded with 200', async () => {
    const { position } = await fixture.store.append('group-1', [groupCreated(1)], 'no_stream');
    await eventually(
      () => fixture.store.headPosition(),
      (head) => head === position,
    );
    await park('groups', position);
    const health = await projectionHealth(fixture.db);
    expect(Object.keys(health!.projections)).toEqual(projections.map((projection) => projection.name).sort());
    expect(health!.projections.groups).toEqual({ position: START_POSITION, lag: 1, lagSeconds: expect.any(Number), parked: 1 });
    expect(health!.projections.users).toEqual({ position: START_POSITION, lag: 1, lagSeconds: expect.any(Number), parked: 0 });

    const app = await createHttpApp({
      title: 'test',
      logLevel: 'silent',
      healthChecks: { database: async () => true },
      healthDegradation: () => projectionHealth(fixture.db),
    });
    const degraded = await app.inject({ method: 'GET', url: '/healthz' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toMatchObject({ status: 'degraded', checks: { database: true }, projections: { groups: { parked: 1, lag: 1 } } });
    const failing = await createHttpApp({
      title: 'test',
      logLevel: 'silent',
      healthChecks: { database: async () => false },
      healthDegradation: () => projectionHealth(fixture.db),
    });
    expect((await failing.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'unavailable', checks: { database: false } });
    await app.close();
    await failing.close();
  });

  it('caps the event count and reports a projection stuck for over a minute even with nothing parked', async () => {
    await sql`delete from read_model.parked_events`.execute(fixture.db);
    const events = Array.from({ length: LAG_COUNT_CAP + 5 }, (_, index) => groupCreated(100 + index));
    const { position } = await fixture.store.append('bulk-1', events, 'no_stream');
    await eventually(
      () => fixture.store.headPosition(),
      (head) => head === position,
    );
    // Fresh events: busy, not stuck.
    expect(await projectionHealth(fixture.db)).toBeNull();
    // Events stored five minutes ago, behind the projections' checkpoints. The events table refuses
    // UPDATE (it is append-only), so they are written that old rather than aged afterwards.
    await sql`update read_model.projection_checkpoints set position = ${position}`.execute(fixture.db);
    await sql`
      insert into events (stream_id, stream_position, event_id, type, data, metadata, recorded_at)
      select 'stuck-1', n, gen_random_uuid(), 'GroupCreated', '{}'::jsonb, '{}'::jsonb, now() - interval '5 minutes'
      from generate_series(1, ${LAG_COUNT_CAP + 5}::int) as n`.execute(fixture.db);
    // Readers see them once no older transaction runs anywhere on the server (visibility is cluster-wide).
    const health = await eventually(
      () => projectionHealth(fixture.db),
      (reported) => reported !== null,
    );
    expect(health!.projections.groups).toEqual({ position, lag: `${LAG_COUNT_CAP}+`, lagSeconds: expect.any(Number), parked: 0 });
    expect(health!.projections.groups!.lagSeconds).toBeGreaterThan(290);
  });
});
