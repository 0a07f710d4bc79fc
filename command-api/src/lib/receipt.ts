import { storedEventLeafHash, type AppendedEvent, type Blind, type EventStore, type Position, type Receipt, type RecordedEvent } from '@civitas/events';

/**
 * A member's receipt for the event their command appended: its id and Merkle leaf hash, computed
 * by the same function the merkle_log projection uses, from the bytes as stored. A repeated
 * command (same Idempotency-Key) appended nothing now: its receipt is that of the event it
 * appended first, read back from its stream. Null when the command changed nothing.
 */
export class Receipts {
  /** `blind` gives the leaf-blinding key's blinder (cachedLeafBlinder of the service kit). */
  constructor(
    private readonly store: EventStore,
    private readonly blind: () => Promise<Blind>,
  ) {}

  async of(result: { position: Position | null; replayed: boolean; lastAppended?: AppendedEvent }, streamId: string): Promise<Receipt | null> {
    if (result.lastAppended) return this.receipt(result.lastAppended);
    if (!result.replayed || result.position === null) return null;
    const stored = (await this.store.readStream(streamId)).events.find((event: RecordedEvent) => event.position === result.position);
    return stored ? this.receipt(stored) : null;
  }

  private async receipt(event: AppendedEvent | RecordedEvent): Promise<Receipt> {
    return { eventId: event.id, leafHash: storedEventLeafHash(event, await this.blind()).toString('base64') };
  }
}
