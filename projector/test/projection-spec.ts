import { randomBytes } from 'node:crypto';
import { createEventRegistry, encodePosition, type EventMetadata } from '@civitas/events';
import { createKysely, migrateToLatest, platformMigrations } from '@civitas/service-kit';
import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { openTestVault } from '../../test-support/test-vault-key';
import { ChangeSet, applyProjection, type ProjectedEvent, type Projection, type StoredEvent } from '../src/projection';

/**
 * Projections as specifications, against real PostgreSQL:
 *
 *   await spec.given([events]).when([events]).then(expectRows('opinions', { columns }).toEqual([...]));
 *
 * Every run builds a fresh schema, creates the projections' tables and applies `given` as one
 * batch, then each `when` as one batch more, each batch in one transaction as the projector
 * does. Events are checked against the event registry when written, so a spec with a malformed
 * event fails at once instead of testing nothing.
 */

/** An event as a spec writes it: a registered type and its data; position and time are filled in. */
export interface SpecEvent {
  /** The stored event's id; by default one made from its place in the run (`specEventId`). */
  id?: string;
  type: string;
  data: unknown;
  streamId?: string;
  /** The command's time (metadata.time); one second after the previous event by default. */
  time?: string;
  /** Merged over the defaults; `schemaVersion` below the current one goes through the upcasters. */
  metadata?: EventMetadata;
}

export type Row = Record<string, unknown>;

export interface RowsQuery {
  /** Columns to read (all by default). */
  columns?: readonly string[];
  /** Equality filters, joined with and. */
  where?: Record<string, unknown>;
  /** Sort columns; the selected columns in order by default. */
  orderBy?: readonly string[];
}

/** What a run leaves behind for assertions. */
export interface ProjectionOutcome {
  db: Kysely<any>;
  schema: string;
  /** The change set of each batch, in order (given first). */
  changes: ChangeSet[];
  /** Rows of a read model, timestamps as ISO strings so expected rows read like the events. */
  rows(table: string, query?: RowsQuery): Promise<Row[]>;
}

export type Expectation = (outcome: ProjectionOutcome) => Promise<void>;

/** Expects exactly these rows (toEqual) in a table of the projection. */
export const expectRows = (table: string, query: RowsQuery = {}) => ({
  toEqual:
    (expected: readonly Row[]): Expectation =>
    async (outcome) => {
      expect(await outcome.rows(table, query), `rows of ${table}`).toEqual(expected);
    },
});

/** Expects a query over the projected tables to give this result. */
export const expectQuery = <T>(query: (outcome: ProjectionOutcome) => Promise<T>) => ({
  toEqual:
    (expected: T): Expectation =>
    async (outcome) => {
      expect(await query(outcome)).toEqual(expected);
    },
});

/** The event with the command time given (instead of one second after the previous event). */
export const at = <Event extends SpecEvent>(time: string, event: Event): Event => ({ ...event, time });

/** Where the spec's events start in time; specs may compute expected timestamps from it. */
export const SPEC_EPOCH = Date.parse('2026-03-01T10:00:00.000Z');
/** The default time of the nth event of a run (1-based), as `given`/`when` assign it. */
export const specTime = (n: number) => new Date(SPEC_EPOCH + n * 1000).toISOString();

const registry = createEventRegistry();

/** The default id of the nth event of a run: the same whether the run is delivered in one batch or one by one. */
export const specEventId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A spec event as projections receive it: decoded (upcast, parsed), and as stored. */
interface SpecDelivery {
  decoded: ProjectedEvent;
  stored: StoredEvent;
}

/** Validates a spec event and turns it into what projections receive. */
function project(event: SpecEvent, batch: number, index: number): SpecDelivery {
  if (!registry.has(event.type)) throw new Error(`spec event ${event.type}: not a registered event type`);
  const time = event.time ?? specTime(index);
  const currentVersion = registry.versionOf(event.type);
  const metadata: EventMetadata = { schemaVersion: currentVersion, time, ...event.metadata };
  let decoded;
  try {
    // Current-version data is validated as the command side would append it; older versions as a reader decodes them.
    if (metadata.schemaVersion === currentVersion) registry.prepare({ type: event.type, data: event.data });
    decoded = registry.decode({ type: event.type, data: event.data, metadata });
  } catch (error) {
    throw new Error(`spec event ${event.type} is not valid: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const delivered = {
    id: event.id ?? specEventId(index),
    metadata,
    streamId: event.streamId ?? 'spec',
    // (batch, n) like (transaction, global position): strictly increasing as strings.
    position: encodePosition(BigInt(batch), BigInt(index)),
    recordedAt: new Date(time),
  };
  // As stored, the stream position is the run's index.
  return {
    decoded: { ...delivered, type: decoded.type, data: decoded.data },
    stored: { ...delivered, type: event.type, data: event.data, streamPosition: index },
  };
}

/** A scenario: batches of events, checked as they are written and applied when a `then` runs. */
export class ProjectionScenario {
  constructor(
    private readonly spec: ProjectionSpec,
    private readonly batches: readonly (readonly SpecDelivery[])[],
    private readonly written: number,
  ) {}

  /** One more batch, applied after the previous ones in its own transaction. */
  when(events: readonly SpecEvent[]): ProjectionScenario {
    const batch = this.batches.length + 1;
    const projected = events.map((event, offset) => project(event, batch, this.written + offset + 1));
    return new ProjectionScenario(this.spec, [...this.batches, projected], this.written + events.length);
  }

  /** Each event in a batch of its own: folding a batch must give the rows one-by-one delivery gives. */
  whenEach(events: readonly SpecEvent[]): ProjectionScenario {
    return events.reduce<ProjectionScenario>((scenario, event) => scenario.when([event]), this);
  }

  /** The previous batch delivered once more, same events and positions, straight to the projections. */
  redelivered(): ProjectionScenario {
    const last = this.batches.at(-1);
    if (!last) throw new Error('nothing to redeliver: give events first');
    return new ProjectionScenario(this.spec, [...this.batches, last], this.written);
  }

  /** Applies every batch to a fresh schema and returns it for assertions. */
  run(): Promise<ProjectionOutcome> {
    return this.spec.apply(this.batches);
  }

  async then(...expectations: Expectation[]): Promise<void> {
    const outcome = await this.run();
    for (const expectation of expectations) await expectation(outcome);
  }
}

/** One test database per spec file; one fresh schema per scenario run. */
export class ProjectionSpec {
  private runs = 0;

  private constructor(
    private readonly database: TestDatabase,
    readonly db: Kysely<any>,
    readonly projections: readonly Projection[],
  ) {}

  static async for(projections: Projection | readonly Projection[]): Promise<ProjectionSpec> {
    const database = await createTestDatabase();
    const db = createKysely(database.url, { max: 4 });
    // Platform tables the projections read beside their own (subject keys for sealed personal data).
    await migrateToLatest(db, platformMigrations);
    await openTestVault(db);
    return new ProjectionSpec(database, db, Array.isArray(projections) ? projections : [projections as Projection]);
  }

  /** Seals and erases personal data against the same database the projections open it from. */
  get vault(): PersonalDataVault {
    return new PersonalDataVault(this.db);
  }

  given(events: readonly SpecEvent[] = []): ProjectionScenario {
    return new ProjectionScenario(this, [], 0).when(events);
  }

  /** @internal Runs a scenario's batches; use a scenario's `then` or `run`. */
  async apply(batches: readonly (readonly SpecDelivery[])[]): Promise<ProjectionOutcome> {
    this.runs += 1;
    const schema = `spec_${this.runs}_${randomBytes(3).toString('hex')}`;
    await sql`create schema ${sql.id(schema)}`.execute(this.db);
    for (const projection of this.projections) await projection.createTables(this.db, schema);
    const changes: ChangeSet[] = [];
    for (const events of batches) {
      const changeSet = new ChangeSet();
      // Like the runner: one transaction per batch, every projection given the whole batch.
      if (events.length > 0) {
        const input = { decoded: events.map((event) => event.decoded), stored: events.map((event) => event.stored) };
        await this.db.transaction().execute(async (trx: Kysely<any>) => {
          for (const projection of this.projections) await applyProjection(projection, trx, schema, input, changeSet);
        });
      }
      changes.push(changeSet);
    }
    return { db: this.db, schema, changes, rows: (table, query) => readRows(this.db, schema, table, query) };
  }

  async close(): Promise<void> {
    await this.db.destroy();
    await this.database.drop();
  }
}

async function readRows(db: Kysely<any>, schema: string, table: string, query: RowsQuery = {}): Promise<Row[]> {
  const columns = query.columns?.length ? sql.join(query.columns.map((column) => sql.id(column))) : sql`*`;
  const filters = Object.entries(query.where ?? {}).map(([column, value]) => sql`${sql.id(column)} = ${value}`);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const order = query.orderBy?.length
    ? sql.join(query.orderBy.map((column) => sql.id(column)))
    : query.columns?.length
      ? sql.join(query.columns.map((_, index) => sql.lit(index + 1)))
      : sql`1`;
  const result = await sql<Row>`select ${columns} from ${sql.id(schema, table)} ${where} order by ${order}`.execute(db);
  return result.rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([column, value]) => [column, value instanceof Date ? value.toISOString() : value])),
  );
}
