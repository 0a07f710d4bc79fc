// Read-your-writes: every command answers with the event-store position of its last
// event. Queries send the highest position this tab has seen, so the query API waits
// until its read models have caught up with our own writes before answering.

export const POSITION_HEADER = 'X-Civitas-Position';

// Positions are opaque tokens that the server guarantees to order correctly as plain
// strings, so the highest one is a lexicographic maximum.
let highestPosition: string | null = null;

export function recordPosition(position: string): void {
  if (highestPosition === null || position > highestPosition) highestPosition = position;
}

export function currentPosition(): string | null {
  return highestPosition;
}

/** For sign-out and for tests: a new session starts with no writes to wait for. */
export function forgetPosition(): void {
  highestPosition = null;
}

export function positionHeaders(): Record<string, string> {
  return highestPosition === null ? {} : { [POSITION_HEADER]: highestPosition };
}
