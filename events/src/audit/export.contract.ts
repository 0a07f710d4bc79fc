import type { SignedCheckpoint } from './checkpoint';
import type { LeafEvent } from './merkle';

/**
 * The audit export (issue #15 items 5 and 6): NDJSON, one object a line, written by query-api and
 * read by the standalone verifier. Plain types, no schema library: the verifier depends on
 * node:crypto and the pure audit modules alone.
 *
 * A topic export: header, checkpoint, [consistency], then for the topic a `topic` line, its
 * `event` lines in log order and its `result` line, and an `end` line. A group export repeats the
 * topic section for each of the group's topics. A log export lists every `leaf` instead.
 */

export const EXPORT_FORMAT = 'civitas-export/1';
export const NDJSON_TYPE = 'application/x-ndjson';

export type ExportScope = 'topic' | 'group' | 'log';

export interface ExportHeader {
  kind: 'header';
  format: typeof EXPORT_FORMAT;
  scope: ExportScope;
  topicId: string | null;
  groupId: number | null;
  generatedAt: string;
  /** The log's public key (raw Ed25519, base64) as the platform states it; the verifier trusts `--key` over it. */
  publicKey: string;
}

export interface ExportCheckpoint {
  kind: 'checkpoint';
  checkpoint: SignedCheckpoint;
}

/** Proof that the checkpoint the export proves against extends an earlier one (`?since=` on the export). */
export interface ExportConsistency {
  kind: 'consistency';
  from: SignedCheckpoint;
  /** Base64 hashes, RFC 9162 PROOF(from.treeSize, checkpoint.treeSize). */
  proof: string[];
}

export interface ExportTopic {
  kind: 'topic';
  topicId: string;
}

/**
 * One event that bears on the topic: exactly what its leaf commits to (ids blinded), the leaf's
 * hash and its inclusion proof in the checkpoint. `links` names, for an event shared by many
 * topics (membership, delegation, standing), each blinded id's pseudonym in this topic; the
 * topic's own events already carry those pseudonyms.
 */
export interface ExportEvent {
  kind: 'event';
  topicId: string;
  leafIndex: number;
  /** Base64 SHA-256 leaf hash. */
  leafHash: string;
  event: LeafEvent;
  links: Record<string, string> | null;
  /** Base64 hashes, RFC 9162 PATH(leafIndex, checkpoint.treeSize). */
  proof: string[];
  /** When it was recorded, for an event whose metadata has no command time (catalogue seeds). */
  recordedAt: string;
}

/** One opinion's or candidate's tally as the platform publishes it (ids as the export names them). */
export interface PublishedTally {
  subjectId: string;
  weightedSupport: number;
  weightedOppose: number;
}

/** The topic's outcome as the platform shows it: read from its read models, not from the events. */
export interface ExportResult {
  kind: 'result';
  topicId: string;
  status: 'active' | 'closed' | 'deleted';
  result: { kind: 'pending' | 'none' | 'law_enacted' | 'winner'; opinionId: string | null; winnerCandidateId: string | null; weightedSupport: number | null };
  tallies: PublishedTally[];
}

export interface ExportLeaf {
  kind: 'leaf';
  leafIndex: number;
  position: string;
  leafHash: string;
}

export interface ExportEnd {
  kind: 'end';
  /** How many event (or leaf) lines came before: a truncated download is caught. */
  lines: number;
}

export type ExportLine = ExportHeader | ExportCheckpoint | ExportConsistency | ExportTopic | ExportEvent | ExportResult | ExportLeaf | ExportEnd;

/**
 * A member's receipts for one topic, as the topic page's 'Download my receipts' saves them and
 * `civitas-verify --receipt` reads them: each vote's or ballot's event id and leaf hash, as the
 * platform answered the vote. The leaf hash is what binds a receipt to an event of the export.
 */
export const RECEIPTS_FORMAT = 'civitas-receipts/1';

/** What a receipt is of: the member's choices, as the vote and ballot answers give receipts for. */
export const RECEIPT_EVENT_TYPES: ReadonlySet<string> = new Set([
  'VoteCast',
  'VoteRetracted',
  'BallotCast',
  'BallotWithdrawn',
  'RankedBallotCast',
  'ApprovalBallotCast',
]);

export interface ReceiptsFile {
  format: typeof RECEIPTS_FORMAT;
  topicId: string;
  receipts: Array<{ eventId: string; leafHash: string }>;
}

export const EXPORT_NOT_CHECKPOINTED = 'The log has not been checkpointed past this topic\u2019s latest event yet. Try again in a few seconds.';
export const EXPORT_NOT_CLOSED = 'This topic has expired and is being closed; its export follows the closing. Try again in half a minute.';
export const EXPORT_SINCE_UNKNOWN = 'No checkpoint of that size: pass the tree size of a checkpoint you hold.';
