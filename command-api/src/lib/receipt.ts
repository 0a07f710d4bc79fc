import { storedEventLeafHash, type AppendedEvent, type EventStore, type Position, type Receipt, type RecordedEvent } from '@civitas/events';


/**
 * A member's receipt for the event their command appended: its id and Merkle leaf hash, computed
 * by the same function the merkle_log projection uses, from the bytes as stored. A repeated
 * command (same Idempotency-Key) appended nothing now: its receipt is that of the event it
 * appended first, read back from its stream. Null when the command changed nothing.
 */
export async function receiptOf(
  result: { position: Position | null; replayed: boolean; lastAppended?: AppendedEvent },
  store: EventStore,
  streamId: string,
): Promise<Receipt | null> {
  if (result.lastAppended) return { eventId: result.lastAppended.id, leafHash: storedEventLeafHash(result.lastAppended).toString('base64') };
  if (!result.replayed || result.position === null) return null;
  const stored = (await store.readStream(streamId)).events.find((event: RecordedEvent) => event.position === result.position);
  return stored ? { eventId: stored.id, leafHash: storedEventLeafHash(stored).toString('base64') } : null;
}
