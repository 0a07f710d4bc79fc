// Read-your-writes: every command answers with the event-store position of its last
// event. Queries send the highest position this tab has seen, so the query API waits
// until its read models have caught up with our own writes before answering.

import { POSITION_HEADER } from '@civitas/events/position';

export { POSITION_HEADER };

// Sign-in and registration end in a full page reload, and the first read after it (the
// current user) must already see the account just written. So the position can be
// carried over one reload in this tab's session storage: taken (and removed) when the
// next page starts. Only over one reload, because a position kept for good would make
// every read wait in vain once a development database is wiped.
const CARRY_KEY = 'civitas.carried-position';

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // Access itself throws where storage is blocked (sandboxed frames).
  }
}

function takeCarriedPosition(): string | null {
  try {
    const store = sessionStore();
    const carried = store?.getItem(CARRY_KEY) ?? null;
    store?.removeItem(CARRY_KEY);
    return carried;
  } catch {
    return null;
  }
}

/** Call just before a full page reload that must still see our own writes. */
export function carryPositionOverReload(): void {
  if (highestPosition === null) return;
  try {
    sessionStore()?.setItem(CARRY_KEY, highestPosition);
  } catch {
    // Quota or privacy settings: the next page reads without waiting, as before.
  }
}

// Positions are opaque tokens that the server guarantees to order correctly as plain
// strings, so the highest one is a lexicographic maximum.
let highestPosition: string | null = takeCarriedPosition();

export function recordPosition(position: string): void {
  if (highestPosition === null || position > highestPosition) highestPosition = position;
}

export function currentPosition(): string | null {
  return highestPosition;
}

/** For sign-out and for tests: a new session starts with no writes to wait for. */
export function forgetPosition(): void {
  highestPosition = null;
  try {
    sessionStore()?.removeItem(CARRY_KEY);
  } catch {
    // Nothing carried where storage is blocked.
  }
}

export function positionHeaders(): Record<string, string> {
  return highestPosition === null ? {} : { [POSITION_HEADER]: highestPosition };
}
