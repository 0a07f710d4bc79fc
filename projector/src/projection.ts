import type { DomainEvent, EventMetadata, Position } from '@civitas/events';
import type { Kysely } from 'kysely';

/** An event as projections see it: decoded (upcast, parsed) plus where it sits. */
export interface ProjectedEvent extends DomainEvent {
  metadata: EventMetadata;
  streamId: string;
  position: Position;
  recordedAt: Date;
}

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

export interface Projection {
  /** Stable name: its checkpoint row and the read models queries wait for. */
  name: string;
  /** Bump when the tables or the logic change: the projector then rebuilds every read model from zero. */
  version: number;
  createTables(db: Kysely<any>, schema: string): Promise<void>;
  /** Applies a batch in order inside the batch transaction; must not throw on odd data and must not read a clock. */
  apply(db: Kysely<any>, schema: string, events: readonly ProjectedEvent[], changes: ChangeSet): Promise<void>;
}
