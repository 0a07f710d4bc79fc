import { v5 as uuidv5 } from 'uuid';
import { WrongExpectedVersionError } from './errors';
import type { EventMetadata, EventStore } from './event-store';
import type { Position } from './position';
import type { DomainEvent, EventRegistry } from './registry';

/** Pure decision logic: no clock, no database; time, ids and the actor come in the command. */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export interface CommandContext {
  /** Idempotency key: the same commandId always produces the same event ids. */
  commandId: string;
  actorId: string | null;
  correlationId?: string;
  causationId?: string;
  /** ISO time the command was issued. */
  time: string;
}

export interface CommandResult<Event extends DomainEvent, State = unknown> {
  events: Event[];
  /** The stream's state after the command, so callers need not read the stream again. */
  state: State;
  nextVersion: number;
  /** Position of the last event appended, or null when the command changed nothing. */
  position: Position | null;
}

const EVENT_ID_NAMESPACE = '1b6f5a3e-4f0c-4d4e-9c55-5a1f4cc2b7e1';

/** Deterministic event ids make a retried command an idempotent append. */
export function eventIdFor(commandId: string, index: number): string {
  return uuidv5(`${commandId}:${index}`, EVENT_ID_NAMESPACE);
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/**
 * Reads the stream, folds it, decides and appends with the expected version; a version
 * conflict means someone else wrote first, so it decides again on the fresh state.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  registry: EventRegistry,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
  options: { maxAttempts?: number } = {},
): Promise<CommandResult<Event, State>> {
  const maxAttempts = options.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt += 1) {
    const stream = await store.readStream(streamId);
    const history = stream.events.map((event) => registry.decode(event) as Event);
    const current = fold(decider, history);
    const events = decider.decide(command, current);
    if (events.length === 0) return { events, state: current, nextVersion: stream.version, position: null };
    const metadata: EventMetadata = {
      actorId: context.actorId,
      commandId: context.commandId,
      correlationId: context.correlationId ?? context.commandId,
      causationId: context.causationId ?? context.commandId,
      time: context.time,
    };
    const newEvents = events.map((event, index) => {
      const prepared = registry.prepare(event);
      return {
        id: eventIdFor(context.commandId, index),
        type: event.type,
        data: prepared.data,
        metadata: { ...metadata, schemaVersion: prepared.schemaVersion },
      };
    });
    try {
      const result = await store.append(streamId, newEvents, stream.version === 0 ? 'no_stream' : stream.version);
      return { events, state: events.reduce(decider.evolve, current), ...result };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
    }
  }
}
