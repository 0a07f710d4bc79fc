import { ConflictError, START_POSITION, type AdminRosterEvent, type AdminRosterRefreshed, type Decider, type Position } from '@civitas/events';

export interface AdminStanding {
  active: boolean;
  /** The member's stream held this many events when this was their standing. */
  userVersion: number;
}

export interface AdminRosterState {
  standings: ReadonlyMap<string, AdminStanding>;
  /** The role grants and unbans up to here have been read into `standings`. */
  seenThrough: Position;
}

export type AdminRosterCommand = {
  type: 'clearRemoval';
  userId: string;
  /** The version the member's stream reaches with the change that takes their standing away. */
  userVersion: number;
  /** Standings read from members' streams since `seenThrough` (null: nothing new); the service reads them, a decider reads nothing. */
  refresh: AdminRosterRefreshed['data'] | null;
  /** The refusal when no other active admin remains (a revocation, a ban and an erasure each say it their way). */
  refusal: string;
};

/**
 * What a member's standing is, by the newest version known: each entry is a fact about the stream
 * at that version, so entries merge in any order. At the same version a cleared removal wins over a
 * standing read there: counting an admin too few is safe, one too many is not.
 */
function merge(standings: Map<string, AdminStanding>, userId: string, next: AdminStanding): void {
  const known = standings.get(userId);
  if (known && (known.userVersion > next.userVersion || (known.userVersion === next.userVersion && !known.active))) return;
  standings.set(userId, next);
}

function evolve(state: AdminRosterState, event: AdminRosterEvent): AdminRosterState {
  const standings = new Map(state.standings);
  if (event.type === 'AdminRemovalCleared') {
    merge(standings, event.data.userId, { active: false, userVersion: event.data.userVersion });
    return { ...state, standings };
  }
  for (const { userId, active, userVersion } of event.data.standings) merge(standings, userId, { active, userVersion });
  return { standings, seenThrough: event.data.seenThrough > state.seenThrough ? event.data.seenThrough : state.seenThrough };
}

/** Active admins other than `userId` on the roster. */
export const otherActiveAdmins = (state: AdminRosterState, userId: string): number =>
  [...state.standings].filter(([id, standing]) => id !== userId && standing.active).length;

/**
 * `admin-roster` (docs/decisions.md, The last admin): every change that takes an active admin's
 * standing away (revoking the role, a ban, an erasure) is cleared here first, with the expected
 * version, so two at the same instant conflict and the second is decided on the first's outcome.
 */
export const adminRosterDecider: Decider<AdminRosterCommand, AdminRosterEvent, AdminRosterState> = {
  initialState: () => ({ standings: new Map(), seenThrough: START_POSITION }),
  evolve,
  decide: (command, state) => {
    const refreshed: AdminRosterEvent[] = command.refresh ? [{ type: 'AdminRosterRefreshed', data: command.refresh }] : [];
    const after = refreshed.reduce(evolve, state);
    if (otherActiveAdmins(after, command.userId) === 0) throw new ConflictError(command.refusal);
    return [...refreshed, { type: 'AdminRemovalCleared', data: { userId: command.userId, userVersion: command.userVersion } }];
  },
};
