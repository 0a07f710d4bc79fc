import { randomUUID } from 'node:crypto';
import { BoundedSnapshotCache, fold, handleCommand, type Decider, type DomainEvent, type EventRegistry, type EventStore } from '@civitas/events';

export interface CommandOptions {
  actorId: string | null;
  /** A fixed id makes the command count once however often it runs (reactors, Idempotency-Key). */
  commandId?: string;
  /** With a fixed commandId from an Idempotency-Key: what the request asked for (lib/idempotency.ts). */
  requestDigest?: string;
}

/** Runs commands against streams with the platform's clock, and folds streams for checks. */
export class CommandBus {
  /** The last command queued per stream: commands on one stream run one after another in this process. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Streams this process wrote last are not read again before the next command (a toggling voter's stream). */
  private readonly snapshots = new BoundedSnapshotCache();

  constructor(
    readonly store: EventStore,
    readonly registry: EventRegistry,
    readonly now: () => Date,
  ) {}

  /**
   * Decides and appends. Commands on the same stream queue up here instead of racing, so a burst
   * on one stream (a member clicking fast) is not a storm of version conflicts; other processes
   * are still kept in line by the expected version.
   */
  run<Command, Event extends DomainEvent, State>(streamId: string, decider: Decider<Command, Event, State>, command: Command, options: CommandOptions) {
    const context = {
      commandId: options.commandId ?? randomUUID(),
      actorId: options.actorId,
      time: this.now().toISOString(),
      ...(options.requestDigest !== undefined ? { requestDigest: options.requestDigest } : {}),
    };
    return this.serially(streamId, () =>
      handleCommand(this.store, this.registry, streamId, decider, command, context, { maxAttempts: 10, snapshots: this.snapshots }),
    );
  }

  /**
   * Runs `work` after whatever this process queued under `key` before it: commands queue by their
   * stream; a service queues a step that must not run twice at once by a name of its own (not a stream's).
   */
  serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(work);
    const settled = result.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return result;
  }

  /**
   * A stream's current state and version, for checks that span streams, and the commands applied
   * to it: a repeat of one (an Idempotency-Key) is recognised before a check would refuse it.
   */
  async load<Event extends DomainEvent, State>(
    streamId: string,
    decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  ): Promise<{ state: State; version: number; commandIds: ReadonlySet<string> }> {
    const stream = await this.store.readStream(streamId);
    const commandIds = new Set(stream.events.flatMap((event) => (event.metadata.commandId ? [event.metadata.commandId] : [])));
    return {
      state: fold(
        decider,
        stream.events.map((event) => this.registry.decode(event) as Event),
      ),
      version: stream.version,
      commandIds,
    };
  }
}
