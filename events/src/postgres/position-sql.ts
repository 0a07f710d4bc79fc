import { sql, type RawBuilder } from 'kysely';
import { decodePosition, type Position } from '../position';

/**
 * Positions in SQL, for statements that read the `events` table beside the store (a set-based
 * rebuild): the same encoding as `encodePosition` (fixed-width hex of the transaction id and the
 * global position) and the same total order, so they never drift from the store's own reads.
 */

/** An events row's position, as text, from the row aliased `alias`. */
export const positionOfRow = (alias: string): RawBuilder<string> =>
  sql<string>`lpad(to_hex(${sql.ref(`${alias}.transaction_id`)}::text::bigint), 16, '0') || '-' || lpad(to_hex(${sql.ref(`${alias}.global_position`)}), 16, '0')`;

/** A position as a row value, comparable with `(transaction_id, global_position)`. */
export function positionAsRow(position: Position): RawBuilder<unknown> {
  const { major, minor } = decodePosition(position);
  return sql`(${major.toString()}::xid8, ${minor.toString()}::bigint)`;
}
