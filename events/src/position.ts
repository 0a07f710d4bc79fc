/**
 * Positions are opaque, totally ordered tokens. The PostgreSQL adapter encodes two unsigned 64-bit
 * numbers (transaction id, global position) as fixed-width hex so that plain string comparison
 * gives the total order, which lets the query side and the web client compare positions without
 * parsing; any other adapter must keep that property.
 */
export type Position = string;

/** The request header a client names the highest position it holds with (read-your-writes). */
export const POSITION_HEADER = 'X-Civitas-Position';

const WIDTH = 16;
const POSITION_PATTERN = /^[0-9a-f]{16}-[0-9a-f]{16}$/;

export const START_POSITION: Position = `${'0'.repeat(WIDTH)}-${'0'.repeat(WIDTH)}`;

export function encodePosition(major: bigint | string, minor: bigint | string): Position {
  return `${BigInt(major).toString(16).padStart(WIDTH, '0')}-${BigInt(minor).toString(16).padStart(WIDTH, '0')}`;
}

export function decodePosition(position: Position): { major: bigint; minor: bigint } {
  if (!isPosition(position)) throw new TypeError(`not a position: ${position}`);
  return { major: BigInt(`0x${position.slice(0, WIDTH)}`), minor: BigInt(`0x${position.slice(WIDTH + 1)}`) };
}

export function isPosition(value: unknown): value is Position {
  return typeof value === 'string' && POSITION_PATTERN.test(value);
}

export function comparePositions(a: Position, b: Position): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
