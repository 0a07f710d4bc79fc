import type { Position } from '@civitas/events';
import type { ChangeSet } from './projection';

export interface ChangeNotice {
  position: Position;
  projections: string[];
  /** Changed ids per read model; 'all' when the list would not fit in a notice. */
  changes: Record<string, Array<string | number> | 'all'>;
  /** Set after a rebuild swapped the read models in: listeners reload everything. */
  swapped?: boolean;
}

// NOTIFY payloads must stay under 8000 bytes: send ids, never rows, and fall back to 'all'.
const MAX_PAYLOAD_BYTES = 7_500;

export function encodeChangeNotice(position: Position, projections: string[], changeSet: ChangeSet | null, swapped = false): string {
  const changes: ChangeNotice['changes'] = {};
  for (const [model, ids] of changeSet?.changes ?? []) changes[model] = [...ids];
  const notice: ChangeNotice = { position, projections, changes, ...(swapped ? { swapped } : {}) };
  let payload = JSON.stringify(notice);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    for (const model of Object.keys(changes)) changes[model] = 'all';
    payload = JSON.stringify(notice);
  }
  return payload;
}
