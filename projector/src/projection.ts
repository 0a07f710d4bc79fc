import type { DomainEvent, EventMetadata, EventOfType, PlatformEventType, Position, RecordedEvent, SubscriptionGathering } from '@civitas/events';
import type { Kysely, QueryExecutorProvider, RawBuilder } from 'kysely';
import { createTables, type DatabaseOf, type TableDefinition } from './lib/table';

/** An event as projections see it: decoded (upcast, parsed) plus where it sits. */
export interface ProjectedEvent extends DomainEvent {
  /** The stored event's id (the audit trail names events by it). */
  id: string;
  metadata: EventMetadata;
  streamId: string;
  position: Position;
  recordedAt: Date;
}

/**
 * An event exactly as stored, neither upcast nor parsed: what a projection that commits to the stored
 * bytes reads (the Merkle log, audit/merkle-log.projection.ts). Every event has one, so such a
 * projection sees every event, including one no projection can decode.
 */
export type StoredEvent = RecordedEvent;

/** When the fact happened: the command's time, else when it was stored (never the projector's clock). */
export const eventTime = (event: ProjectedEvent) => event.metadata.time ?? event.recordedAt.toISOString();

/** Ids of changed rows per read model, published after commit so caches and sockets can refresh. */
export class ChangeSet {
  readonly changes = new Map<string, Set<string | number>>();
  add(model: string, id: string | number): void {
    let ids = this.changes.get(model);
    if (!ids) this.changes.set(model, (ids = new Set()));
    ids.add(id);
  }
}

/**
 * A rebuild from zero done by PostgreSQL: an `INSERT … SELECT` over the stored events of `types`
 * instead of reading them through Node (set-based.ts runs it). Declare it only where projecting those
 * events first, all at once, leaves what folding every event in order leaves: each is a pure mapping
 * to rows of its own (the first by position wins, as `on conflict do nothing` does per event), and
 * every other event the projection folds that touches those rows comes after them in position order.
 */
export interface SetBasedRebuild {
  /** The event types the statement projects. */
  readonly types: readonly string[];
  /** The types `apply` still folds event by event after the statement (in order); none for a pure mapping. */
  readonly foldedTypes: readonly string[];
  /**
   * The statement, run once per slice of the log (set-based.ts). `events` is a subquery of the slice's
   * covered events (columns of the `events` table plus `position`, the position as text, and
   * `occurred_at`, what `eventTime` gives), ordered by position.
   */
  insert(schema: string, events: RawBuilder<unknown>): RawBuilder<unknown>;
}

/**
 * Projections in one lane share a reader and one transaction per batch; each lane follows the store
 * on its own, so one lane's work never holds back another lane's commits (and the read-your-writes
 * waits on them).
 */
export interface ProjectionLane {
  readonly name: string;
  /** Whether a busy store's events gather into larger batches (SubscribeOptions.gather). */
  readonly gather?: SubscriptionGathering;
  /** The most events one batch takes. */
  readonly batchSize?: number;
}

/** Where every projection runs unless it names another lane: batches as soon as events are announced. */
export const MAIN_LANE: ProjectionLane = { name: 'main' };

interface ProjectionBase<Name extends string> {
  /** Stable name: its checkpoint row and the read models queries wait for. */
  readonly name: Name;
  /** The lane it runs in; MAIN_LANE when absent. */
  readonly lane?: ProjectionLane;
  /** Bump when the tables or the logic change: the projector then rebuilds this projection's read models from zero (the others keep theirs). */
  readonly version: number;
  /** Set when a rebuild from zero may project some events in one statement (see SetBasedRebuild). */
  readonly setBasedRebuild?: SetBasedRebuild;
  createTables(db: QueryExecutorProvider, schema: string): Promise<void>;
}

/**
 * The transaction the runner hands over: every read-model table, typed loosely here. Naming
 * `ReadModels` (read-models.ts) would be a cycle, as it is made of the projections themselves;
 * `defineProjection` narrows it to a projection's own tables.
 */
export type AnyReadModels = DatabaseOf<TableDefinition>;

/**
 * `apply` takes a batch in order inside the batch transaction; it must not throw on odd data and must
 * not read a clock. `db` is the batch's transaction, not bound to a schema: query builders start with
 * `db.withSchema(schema)`, raw SQL names `sql.id(schema, table.name)`.
 */
type Apply<Event> = (db: Kysely<AnyReadModels>, schema: string, events: readonly Event[], changes: ChangeSet) => Promise<void>;

/**
 * A projection of decoded events (the default). It declares the event types it handles: the runner
 * hands it only those, calls it not at all for a batch without one, and parks for it only an event of
 * one of them that cannot be decoded.
 */
export interface DecodedEventProjection<Name extends string = string> extends ProjectionBase<Name> {
  readonly input?: 'decoded';
  readonly handles: ReadonlySet<string>;
  apply: Apply<ProjectedEvent>;
}

/** A projection of events as stored (StoredEvent): it is given every event, and nothing is decoded for it. */
export interface StoredEventProjection<Name extends string = string> extends ProjectionBase<Name> {
  readonly input: 'stored';
  apply: Apply<StoredEvent>;
}

export type Projection<Name extends string = string> = DecodedEventProjection<Name> | StoredEventProjection<Name>;

/** Whether the projection is handed events of this type (a projection of stored events takes every one). */
export const handlesType = (projection: Projection, type: string): boolean => projection.input === 'stored' || projection.handles.has(type);

/** A batch as each kind of projection takes it: decoded, or as stored. */
export interface ProjectionInput {
  decoded: readonly ProjectedEvent[];
  stored: readonly StoredEvent[];
}

/** Applies the batch in the form the projection takes, a projection of decoded events given only the types it handles (not called without one). */
export async function applyProjection(
  projection: Projection,
  db: Kysely<AnyReadModels>,
  schema: string,
  input: ProjectionInput,
  changes: ChangeSet,
): Promise<void> {
  if (projection.input === 'stored') return projection.apply(db, schema, input.stored, changes);
  // The one place a projection's events are picked by type (the runner, rebuilds, retries and specs all come here).
  const handled = input.decoded.filter((event) => projection.handles.has(event.type));
  if (handled.length > 0) await projection.apply(db, schema, handled, changes);
}

/** A projection whose tables are declared with `defineTable`: their DDL and row types come from the definitions. */
export type ReadModelProjection<Name extends string, Tables extends readonly TableDefinition[], Input extends Projection<Name> = Projection<Name>> = Input & {
  /** The tables it writes (their only writer), created in this order. */
  readonly tables: Tables;
};

/** A decoded event of one of the types a projection handles. */
export type HandledEvent<Type extends PlatformEventType> = ProjectedEvent & EventOfType<Type>;

interface ProjectionDefinition<Name extends string, Tables extends readonly TableDefinition[], Event> {
  name: Name;
  version: number;
  tables: Tables;
  lane?: ProjectionLane;
  setBasedRebuild?: SetBasedRebuild;
  apply(db: Kysely<DatabaseOf<Tables[number]>>, schema: string, events: readonly Event[], changes: ChangeSet): Promise<void>;
}

/**
 * A projection over its own tables: `apply` sees only them (AnyReadModels holds every projection's
 * tables, so the transaction the runner hands over holds them), `createTables` comes from their
 * definitions. With `input: 'stored'` it is given the events as stored.
 */
export function defineProjection<const Name extends string, const Tables extends readonly TableDefinition[]>(
  projection: ProjectionDefinition<Name, Tables, StoredEvent> & { input: 'stored' },
): ReadModelProjection<Name, Tables, StoredEventProjection<Name>>;
export function defineProjection<const Name extends string, const Tables extends readonly TableDefinition[], const Type extends PlatformEventType>(
  projection: ProjectionDefinition<Name, Tables, HandledEvent<Type>> & { input?: 'decoded'; handles: readonly Type[] },
): ReadModelProjection<Name, Tables, DecodedEventProjection<Name>>;
export function defineProjection<const Name extends string, const Tables extends readonly TableDefinition[]>(
  projection: ProjectionDefinition<Name, Tables, never> & { input?: 'decoded' | 'stored'; handles?: readonly string[] },
): ReadModelProjection<Name, Tables> {
  const { name, version, tables, lane, setBasedRebuild, input, handles } = projection;
  return {
    name,
    version,
    tables,
    ...(lane ? { lane } : {}),
    ...(setBasedRebuild ? { setBasedRebuild } : {}),
    ...(input === 'stored' ? { input } : { handles: new Set(handles) }),
    createTables: (db: QueryExecutorProvider, schema: string) => createTables(db, schema, tables),
    // Kysely types are invariant in the database: narrowing to this projection's tables needs a cast.
    apply: (db: Kysely<AnyReadModels>, schema: string, events: readonly never[], changes: ChangeSet) =>
      projection.apply(db as unknown as Kysely<DatabaseOf<Tables[number]>>, schema, events, changes),
  } as ReadModelProjection<Name, Tables>;
}
