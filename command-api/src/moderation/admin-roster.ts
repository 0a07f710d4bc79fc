import {
  adminRosterStream,
  fold,
  userStream,
  type AdminRosterRefreshed,
  type CommandResult,
  type Decider,
  type DomainEvent,
  type Position,
  type RecordedEvent,
} from '@civitas/events';
import type { CommandBus, CommandOptions } from '../lib/command-bus';
import { adminRosterDecider } from './admin-roster.decider';
import { memberStandingView, type MemberStanding, type StandingEvent } from './member-standing.view';

/** The facts that can make a member an active admin: the roster reads each member they name again. */
const ADDING = ['UserRoleGranted', 'UserUnbanned'] as const;
const BATCH = 1000;
const MAX_ATTEMPTS = 10;

export const isActiveAdmin = (standing: MemberStanding): boolean =>
  standing.userId !== null && !standing.erased && standing.banReason === null && standing.roles.includes('admin');

/** The command run on the state it was cleared for, or refused for a fresh clearance when the stream moved since. */
class StaleClearance extends Error {}

interface GuardedCommand<Command> {
  command: Command;
  clearedAt: number | null;
}
interface GuardedState<State> {
  inner: State;
  standing: MemberStanding;
  version: number;
}
type Guarded<Command, Event extends DomainEvent, State> = Decider<GuardedCommand<Command>, Event, GuardedState<State>>;

const removesActiveAdmin = (standing: MemberStanding, events: readonly DomainEvent[]): boolean =>
  isActiveAdmin(standing) && !isActiveAdmin(events.reduce((state, event) => memberStandingView.evolve(state, event as StandingEvent), standing));

/**
 * A decider of `user-{id}` that also folds the member's standing and the stream's version, and
 * refuses to take an active admin's standing away unless the roster cleared it at exactly this
 * version: the append's expected version then makes the cleared version the one it lands at.
 */
function guard<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>): Guarded<Command, Event, State> {
  return {
    initialState: () => ({ inner: decider.initialState(), standing: memberStandingView.initialState(), version: 0 }),
    evolve: (state, event) => ({
      inner: decider.evolve(state.inner, event),
      standing: memberStandingView.evolve(state.standing, event as unknown as StandingEvent),
      version: state.version + 1,
    }),
    decide: ({ command, clearedAt }, state) => {
      const events = decider.decide(command, state.inner);
      if (removesActiveAdmin(state.standing, events) && clearedAt !== state.version) throw new StaleClearance();
      return events;
    },
  };
}

/**
 * Keeps the last active admin (docs/decisions.md, The last admin). Every command on a member's
 * stream that could take an active admin's standing away runs through `run`: the removal is cleared
 * on `admin-roster` first, then appended; whatever the order or timing, one active admin remains.
 */
export class AdminRoster {
  /** One guarded decider per decider, made once: the command bus keeps snapshots by decider. */
  private readonly guarded = new WeakMap<object, Guarded<any, any, any>>();

  constructor(private readonly bus: CommandBus) {}

  /**
   * Runs `command` on `user-{userId}`. `refusal` answers (409) a change that would leave no active
   * admin; `beforeAppend` runs once, after the roster allowed the change and before it is appended.
   */
  async run<Command, Event extends DomainEvent, State>(
    userId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    options: CommandOptions & { refusal: string; beforeAppend?: () => Promise<void> },
  ): Promise<CommandResult<Event, State>> {
    const { refusal, beforeAppend, ...commandOptions } = options;
    const guarded = this.guardOf(decider);
    const stream = userStream(userId);
    let prepare = beforeAppend;
    for (let attempt = 1; ; attempt += 1) {
      const { state, version } = await this.bus.load(stream, guarded);
      let events: Event[] | null = null;
      try {
        events = decider.decide(command, state.inner);
      } catch {
        // Refused on this state: the run below answers the refusal on the state it reads.
      }
      const clearedAt = events && removesActiveAdmin(state.standing, events) ? version : null;
      if (clearedAt !== null) await this.clearRemoval(userId, version + events!.length, refusal, options.actorId);
      if (prepare) await prepare();
      prepare = undefined;
      try {
        const result = await this.bus.run(stream, guarded, { command, clearedAt }, commandOptions);
        return { ...result, state: result.state.inner };
      } catch (error) {
        if (!(error instanceof StaleClearance) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private guardOf<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>): Guarded<Command, Event, State> {
    let guarded = this.guarded.get(decider);
    if (!guarded) this.guarded.set(decider, (guarded = guard(decider)));
    return guarded;
  }

  private async clearRemoval(userId: string, userVersion: number, refusal: string, actorId: string | null): Promise<void> {
    const { state } = await this.bus.load(adminRosterStream(), adminRosterDecider);
    const refresh = await this.standingsSince(state.seenThrough, new Set(state.standings.keys()));
    await this.bus.run(adminRosterStream(), adminRosterDecider, { type: 'clearRemoval', userId, userVersion, refresh, refusal }, { actorId });
  }

  /**
   * The standings of members named by role grants and unbans after `seenThrough`, read from their
   * streams (on an empty roster: every grant ever, which is how existing admins join it). Members
   * who are no active admin are kept only if the roster knows them.
   */
  private async standingsSince(seenThrough: Position, known: ReadonlySet<string>): Promise<AdminRosterRefreshed['data'] | null> {
    const named = new Set<string>();
    let through = seenThrough;
    for (let batch: RecordedEvent[] = []; ;) {
      batch = await this.bus.store.readAll(through, { types: ADDING, batchSize: BATCH });
      for (const event of batch) named.add((event.data as { userId: string }).userId);
      if (batch.length > 0) through = batch[batch.length - 1]!.position;
      if (batch.length < BATCH) break;
    }
    if (through === seenThrough) return null;
    const ids = [...named];
    const streams = await this.bus.store.readStreams(ids.map(userStream));
    const standings = ids.flatMap((userId) => {
      const events = streams.get(userStream(userId)) ?? [];
      const standing = fold(
        memberStandingView,
        events.map((event) => this.bus.registry.decode(event) as StandingEvent),
      );
      const active = isActiveAdmin(standing);
      return active || known.has(userId) ? [{ userId, active, userVersion: events.length }] : [];
    });
    return { standings, seenThrough: through };
  }
}
