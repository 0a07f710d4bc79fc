import type { ReceiptsFile } from '@civitas/events/audit/export.contract';
import { RECEIPTS_FORMAT } from '@civitas/events/audit/export.contract';
import { HASH_BYTES } from '@civitas/events/audit/proof-hashes';

/**
 * A member's receipts checked against an export (issue #40 item 2, docs/decisions.md "Audit exports
 * and the verifier"): each receipt's leaf hash must be one of the export's proven events, and the
 * recount says what became of it: counted as cast, withdrawn, replaced by the member's later
 * choice, or left out by the closing cut or the eligibility rule. Only a receipt whose event is not
 * in the export is a mismatch: the rest is what the log records, told to the member.
 */

export interface Receipt {
  eventId: string;
  leafHash: string;
  /** The file it came from, for the report. */
  source: string;
}

export type ReceiptStatus = 'counted' | 'withdrawn' | 'replaced' | 'not counted' | 'not a vote' | 'missing';

export interface ReceiptVerdict extends Receipt {
  status: ReceiptStatus;
  topicId: string | null;
  leafIndex: number | null;
  detail: string;
}

/** Reads a receipts file's text; throws with the reason when it is not one. */
export function parseReceiptsFile(text: string, source: string): Receipt[] {
  const parsed = JSON.parse(text) as Partial<ReceiptsFile>;
  if (parsed?.format !== RECEIPTS_FORMAT || !Array.isArray(parsed.receipts)) throw new Error(`${source} is not a ${RECEIPTS_FORMAT} file`);
  return parsed.receipts.map((receipt, index) => {
    const { eventId, leafHash } = (receipt ?? {}) as Partial<Receipt>;
    if (typeof eventId !== 'string' || typeof leafHash !== 'string' || Buffer.from(leafHash, 'base64').length !== HASH_BYTES) {
      throw new Error(`${source}: receipt ${index + 1} needs an eventId and a 32-byte base64 leafHash`);
    }
    return { eventId, leafHash, source };
  });
}

/** The events a receipt can be of (RECEIPT_EVENT_TYPES of the export contract), with what each records. */
const CHOICES: Record<string, { kind: 'vote' | 'ballot'; cast: boolean }> = {
  VoteCast: { kind: 'vote', cast: true },
  VoteRetracted: { kind: 'vote', cast: false },
  BallotCast: { kind: 'ballot', cast: true },
  BallotWithdrawn: { kind: 'ballot', cast: false },
  // A ranking or a set of approvals: the member's whole ballot, on the same stream as a plurality one (issue #34).
  RankedBallotCast: { kind: 'ballot', cast: true },
  ApprovalBallotCast: { kind: 'ballot', cast: true },
};

interface Sighting {
  topicId: string;
  leafIndex: number;
  type: string;
  /** Whose choice on what: a later event with the same key replaces it. */
  choiceKey: string | null;
  memberId: string | null;
  pastTheCut: boolean;
}

/**
 * What a topic's check tells the book as it folds: each proven event a receipt names, and for every
 * vote and ballot the latest leaf per member and subject (kept only when receipts were given).
 */
export class ReceiptBook {
  private readonly wanted: Set<string>;
  private readonly seen = new Map<string, Sighting>();
  /** choiceKey -> the leaf of the member's latest choice the count took. */
  private readonly latest = new Map<string, number>();
  private readonly eligibility = new Map<string, (memberId: string) => boolean>();

  constructor(private readonly receipts: readonly Receipt[]) {
    this.wanted = new Set(receipts.map((receipt) => receipt.leafHash));
  }

  get active(): boolean {
    return this.wanted.size > 0;
  }

  /** A proven event of a topic's section, with whether the closing cut left it out. */
  noteEvent(topicId: string, leafIndex: number, leafHash: string, type: string, data: Record<string, unknown>, pastTheCut: boolean): void {
    const choice = CHOICES[type];
    const memberId = typeof data.userId === 'string' ? data.userId : null;
    const subject = choice?.kind === 'vote' ? data.opinionId : topicId;
    const choiceKey = choice && memberId ? `${topicId}\n${choice.kind}\n${String(subject)}\n${memberId}` : null;
    if (choiceKey && !pastTheCut) this.latest.set(choiceKey, leafIndex);
    if (this.wanted.has(leafHash)) this.seen.set(leafHash, { topicId, leafIndex, type, choiceKey, memberId, pastTheCut });
  }

  /** Who could take part at the count, once the topic's section is folded. */
  noteEligibility(topicId: string, isEligible: (memberId: string) => boolean): void {
    this.eligibility.set(topicId, isEligible);
  }

  /** Each receipt's verdict, in the order given. */
  verdicts(): ReceiptVerdict[] {
    return this.receipts.map((receipt) => ({ ...receipt, ...this.judge(this.seen.get(receipt.leafHash)) }));
  }

  private judge(sighting: Sighting | undefined): Pick<ReceiptVerdict, 'status' | 'topicId' | 'leafIndex' | 'detail'> {
    if (!sighting) return { status: 'missing', topicId: null, leafIndex: null, detail: 'its event is not among the export\u2019s proven events' };
    const { topicId, leafIndex, type } = sighting;
    const at = { topicId, leafIndex };
    const choice = CHOICES[type];
    if (!choice || !sighting.choiceKey) return { ...at, status: 'not a vote', detail: `its event is a ${type}, not a vote or ballot` };
    if (sighting.pastTheCut) return { ...at, status: 'not counted', detail: 'recorded after the topic closed, so the count never took it' };
    const latest = this.latest.get(sighting.choiceKey);
    if (latest !== leafIndex) return { ...at, status: 'replaced', detail: `a later ${choice.kind} of the same member (leaf ${latest}) replaced it` };
    if (!choice.cast) return { ...at, status: 'withdrawn', detail: `recorded: the ${choice.kind} was withdrawn and counts for nobody` };
    if (!this.eligibility.get(topicId)?.(sighting.memberId!)) {
      return { ...at, status: 'not counted', detail: 'in the log, but the member could not take part in the group at the count' };
    }
    return { ...at, status: 'counted', detail: `counted in the recount as cast (${type === 'VoteCast' ? 'vote' : 'ballot'})` };
  }
}
