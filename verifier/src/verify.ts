import type { SignedCheckpoint } from '@civitas/events/audit/checkpoint';
import { logKeyId, verifyCheckpoint } from '@civitas/events/audit/checkpoint';
import type { ExportEvent, ExportLine, ExportResult, PublishedTally } from '@civitas/events/audit/export.contract';
import { EXPORT_FORMAT } from '@civitas/events/audit/export.contract';
import { CountedEvents, countedDifferences, type CountedCommitment } from '@civitas/events/audit/counted-events';
import { mapStrings } from '@civitas/events/audit/leaf-view';
import { eventLeafHash, memoryNodeSource, treeHash, verifyConsistency } from '@civitas/events/audit/merkle';
import { decidesAmongOpinions, topicTally, type TopicTallies, type TopicTallyState } from '@civitas/events/audit/topic-tally';
import { ProvenNodes } from './proven-nodes';
import { isOpenGroup, NamedMembers, quorumProblems, recordedFigures, type QuorumLine } from './quorum-check';
import { ReceiptBook, type Receipt, type ReceiptVerdict } from './receipts';
import { recountReasons } from './recount-reasons';

/**
 * The verifier (issue #15 item 6): reads an audit export line by line and checks it without the
 * platform: the checkpoint's signature, every event's leaf recomputed from its bytes and proven
 * in the checkpoint (or, for a log export, the root recomputed from every leaf), the consistency
 * with an earlier checkpoint, and the tally recounted by the platform's own tally module, set
 * beside what the log records at closing and what the platform publishes.
 */

export interface VerifyOptions {
  /** The log's public key (raw Ed25519, base64), from /.well-known/civitas-log-key. Else the export's own, and the report says so. */
  publicKey?: string;
  /** A checkpoint held from before: the export must prove it grew from it. */
  since?: SignedCheckpoint;
  /** A member's receipts (`--receipt`): each must name a proven event of the export. */
  receipts?: readonly Receipt[];
}

export interface SubjectLine {
  subjectId: string;
  recount: { weightedSupport: number; weightedOppose: number };
  published: { weightedSupport: number; weightedOppose: number };
}

/**
 * Whether the export is shown to hold every event the outcome was counted from: 'complete' (it
 * holds exactly what the closing recorded it counted), 'incomplete' (it does not), 'open' (not closed, and not expired when
 * the checkpoint was signed: nothing is decided yet), 'unrecorded' (closed before closings
 * recorded what they counted), or 'deleted' (no outcome).
 */
export type Completeness = 'complete' | 'incomplete' | 'open' | 'unrecorded' | 'deleted';

/**
 * A Schulze recount beside what the closing records (issue #34 items 2 and 5): an election's
 * ElectionDecided, or the TopicClosed of a law decided among its opinions.
 */
export interface PairwiseLine {
  /** The rows and columns of both matrices: the candidates in registration order, or no change (the topic's id) and the opinions in posting order. */
  candidates: string[];
  /** The topic's id when the options are no change and the opinions; null for an election. */
  noChange: string | null;
  recount: number[][];
  strongestPaths: number[][];
  /** The matrix the closing recorded, or null when it recorded none (or has not happened). */
  recorded: number[][] | null;
}

export interface TopicVerdict {
  topicId: string;
  /** An election's counting method, 'schulze' for a law decided among its opinions (null for other topics). */
  method: TopicTallies['method'];
  /** Schulze elections and laws decided among opinions: the recount's pairwise matrix and strongest paths. */
  pairwise: PairwiseLine | null;
  /** A topic held to a quorum (issue #34 item 3): the recount's figures and deciding rule beside the closing's; null otherwise. */
  quorum: QuorumLine | null;
  events: number;
  completeness: Completeness;
  /** How many events the closing recorded it counted (null when it recorded none). */
  counted: number | null;
  recount: Pick<ExportResult, 'status' | 'result'>;
  published: Pick<ExportResult, 'status' | 'result'> | null;
  subjects: SubjectLine[];
  problems: string[];
}

export interface VerifyReport {
  ok: boolean;
  scope: string | null;
  keyFrom: 'option' | 'export';
  checkpoint: SignedCheckpoint | null;
  leaves: number;
  topics: TopicVerdict[];
  /** What became of each receipt given, in the order given. */
  receipts: ReceiptVerdict[];
  /** What failed, in the order found; empty when everything matched. */
  problems: string[];
}

const BLINDED = /~[0-9a-f]{32}/g;
const b64 = (text: string) => Buffer.from(text, 'base64');

/** The recount's view of an outcome, in the published shape. */
function outcomeOf(state: TopicTallyState, tallies: TopicTallies): Pick<ExportResult, 'status' | 'result'> {
  const status = state.status === 'none' ? 'active' : state.status;
  const { result } = tallies;
  if (status === 'active') return { status, result: { kind: 'pending', opinionId: null, winnerCandidateId: null, weightedSupport: null } };
  if (result.kind === 'law_enacted')
    return { status, result: { kind: 'law_enacted', opinionId: result.opinionId, winnerCandidateId: null, weightedSupport: result.weightedSupport } };
  if (result.kind === 'winner')
    return { status, result: { kind: 'winner', opinionId: null, winnerCandidateId: result.winnerCandidateId, weightedSupport: result.weightedSupport } };
  return { status, result: { kind: 'none', opinionId: null, winnerCandidateId: null, weightedSupport: null } };
}

/** Where a recorded pairwise matrix departs from the recount's, in words; null when it is the recount's cell for cell. */
function matrixDifference(recorded: readonly unknown[], count: TopicTallies['schulze'], noChange: string | null): string | null {
  if (!count) return 'the recount is no Schulze count';
  const { candidates, pairwise } = count;
  const rows = recorded.length;
  const what = noChange ? 'options' : 'candidates';
  if (rows !== candidates.length) return `${rows} rows recorded for ${candidates.length} ${what}`;
  // No change is named as such: its id is the topic's own.
  const name = (id: string) => (id === noChange ? 'no change' : id);
  for (const [i, row] of recorded.entries()) {
    if (!Array.isArray(row) || row.length !== candidates.length) return `row ${i + 1} does not have ${candidates.length} cells`;
    for (const [j, cell] of row.entries()) {
      if (cell !== pairwise[i]![j]) return `${name(candidates[i]!)} over ${name(candidates[j]!)}: recorded ${String(cell)}, recounted ${pairwise[i]![j]}`;
    }
  }
  return null;
}

const sameOutcome = (a: Pick<ExportResult, 'status' | 'result'>, b: Pick<ExportResult, 'status' | 'result'>) =>
  a.status === b.status &&
  a.result.kind === b.result.kind &&
  a.result.opinionId === b.result.opinionId &&
  a.result.winnerCandidateId === b.result.winnerCandidateId &&
  a.result.weightedSupport === b.result.weightedSupport;

/** One topic's section: events folded as they come (a topic with 100k votes never sits in memory twice). */
class TopicCheck {
  private readonly state: TopicTallyState;
  private events = 0;
  private lastLeaf = -1;
  private expiresAt: string | null = null;
  private closed = false;
  private recordedClosing: Array<{ subjectId: string; weightedSupport: number; weightedOppose: number }> | null = null;
  private recordedLaw: { opinionId: string; weightedSupport: unknown; weightedOppose: unknown } | null = null;
  private recordedWinner: string | null = null;
  /** What the closing records of the count's method and matrix: ElectionDecided's for an election, TopicClosed's for a law decided among opinions. */
  private recordedMethod: string | null = null;
  private recordedPairwise: unknown[] | null = null;
  private closingMethod: string | null = null;
  private closingPairwise: unknown[] | null = null;
  private recordedCount: CountedCommitment | null = null;
  /** TopicClosed's quorum figures and deciding rule, as recorded (undefined when absent). */
  private closingQuorum: unknown = undefined;
  private closingDecidedBy: unknown = undefined;
  private deleted = false;
  /** The events before the closing that bore on the outcome, as the closing's own count took them. */
  private readonly counted = new CountedEvents();
  /** Who the export names as taking part, the floor of an open group's eligible weight. */
  private readonly named: NamedMembers;
  private readonly proven: ProvenNodes;
  readonly problems: string[] = [];

  constructor(
    readonly topicId: string,
    private readonly checkpoint: SignedCheckpoint,
    private readonly receipts: ReceiptBook,
  ) {
    this.state = topicTally.initial(topicId);
    this.named = new NamedMembers(topicId);
    this.proven = new ProvenNodes(checkpoint.treeSize, checkpoint.rootHash);
  }

  add(line: ExportEvent): void {
    this.events += 1;
    const { event, leafIndex } = line;
    const at = `event ${event.position} (leaf ${leafIndex})`;
    const leaf = eventLeafHash(event);
    let proven = false;
    if (!leaf.equals(b64(line.leafHash))) this.problems.push(`${at}: its bytes do not hash to the leaf given`);
    else if (!this.proven.includes(leafIndex, leaf, line.proof)) {
      this.problems.push(`${at}: its inclusion proof does not lead to the checkpoint's root`);
    } else proven = true;
    if (leafIndex <= this.lastLeaf) this.problems.push(`${at}: out of log order`);
    this.lastLeaf = leafIndex;
    // A shared event names members by per-event blinds; the links give their pseudonyms in this topic.
    const links = line.links ?? {};
    const named = (text: string) => text.replace(BLINDED, (blinded) => links[blinded] ?? blinded);
    const data = line.links ? mapStrings(event.data, named) : event.data;
    const time = (event.metadata as { time?: unknown } | null)?.time;
    const wasClosed = this.closed;
    this.note(event.type, data as Record<string, unknown>);
    const tallyEvent = { type: event.type, data, at: typeof time === 'string' ? time : line.recordedAt };
    const pastTheCut = topicTally.isPastTheCut(this.state, tallyEvent);
    this.named.note(event.type, data as Record<string, unknown>, pastTheCut);
    // The closing counted what came before it; it and what follows it are not in its count.
    if (!this.closed) this.counted.offer({ type: event.type, data }, leaf, pastTheCut);
    else if (!wasClosed) this.recordedCount = countedOf(data);
    if (proven && this.receipts.active) {
      this.receipts.noteEvent(this.topicId, leafIndex, line.leafHash, event.type, data as Record<string, unknown>, pastTheCut);
    }
    topicTally.apply(this.state, tallyEvent);
  }

  /** What the log itself records of the outcome, to set beside the recount. */
  private note(type: string, data: Record<string, unknown>): void {
    if (data.topicId !== this.topicId) return;
    if (type === 'TopicCreated') this.expiresAt = String(data.expiresAt);
    if (type === 'TopicDeleted') this.deleted = true;
    if (type === 'TopicClosed') {
      this.closed = true;
      if (Array.isArray(data.tallies) && data.tallies.length > 0) this.recordedClosing = data.tallies as never;
      if (typeof data.method === 'string') this.closingMethod = data.method;
      if (Array.isArray(data.pairwise)) this.closingPairwise = data.pairwise;
      this.closingQuorum = data.quorum;
      this.closingDecidedBy = data.decidedBy;
    }
    if (type === 'LawEnacted')
      this.recordedLaw = { opinionId: String(data.opinionId), weightedSupport: data.weightedSupport, weightedOppose: data.weightedOppose };
    if (type === 'ElectionDecided') {
      this.recordedWinner = (data.winnerCandidateId as string | null) ?? null;
      if (typeof data.method === 'string') this.recordedMethod = data.method;
      if (Array.isArray(data.pairwise)) this.recordedPairwise = data.pairwise;
    }
  }

  finish(published: ExportResult | null): TopicVerdict {
    // The fold stops at expiry, and the topic is closed after it: the count is the one at expiry, as the command side's closing takes it.
    const state: TopicTallyState = this.closed && this.state.status === 'active' ? { ...this.state, status: 'closed' } : this.state;
    const countedAt = this.closed && this.expiresAt ? this.expiresAt : undefined;
    // An open group's eligible weight is the closing's figure (checked from below); 0 when it recorded none, so the tally module still
    // says whether the topic is held to a quorum. A group with members counts its own.
    const eligibleWeight = recordedFigures(this.closingQuorum)?.eligibleWeight ?? 0;
    const tallies = topicTally.tallies(state, { ...(countedAt ? { at: countedAt } : {}), eligibleWeight });
    const network = topicTally.networkOf(state, countedAt ?? state.lastAt ?? '');
    if (this.receipts.active) this.receipts.noteEligibility(this.topicId, network.isEligible);
    const recount = outcomeOf(state, tallies);
    const counted = new Map([...tallies.opinions, ...tallies.candidates].map((tally) => [tally.subjectId, tally]));
    if (this.recordedClosing) {
      for (const recorded of this.recordedClosing) {
        const mine = counted.get(recorded.subjectId);
        if (!mine || mine.weightedSupport !== recorded.weightedSupport || mine.weightedOppose !== recorded.weightedOppose) {
          this.problems.push(`${recorded.subjectId}: the tally recorded at closing is not the recount`);
        }
      }
      if (this.recordedClosing.length !== counted.size) this.problems.push('the closing record counts other subjects than the recount');
    }
    this.checkLaw(tallies, recount);
    const quorum = this.checkQuorum(state, tallies, network);
    if (this.recordedWinner !== null && recount.result.winnerCandidateId !== this.recordedWinner)
      this.problems.push('the winner recorded is not the recount\u2019s');
    const amongOpinions = state.topic !== null && decidesAmongOpinions(state.topic);
    const noChange = amongOpinions ? this.topicId : null;
    // An election's method and matrix are on its ElectionDecided; a law decided among opinions records them on its TopicClosed.
    const records = [
      { method: this.recordedMethod, pairwise: this.recordedPairwise, opened: 'election' },
      { method: this.closingMethod, pairwise: this.closingPairwise, opened: 'topic' },
    ];
    for (const { method, pairwise, opened } of records) {
      if (method !== null && method !== tallies.method)
        this.problems.push(`the method recorded at closing (${method}) is not the one the ${opened} opened with (${tallies.method ?? 'none'})`);
      const difference = pairwise && matrixDifference(pairwise, tallies.schulze, noChange);
      if (difference) this.problems.push(`the pairwise matrix recorded at closing is not the recount (${difference})`);
    }
    if (amongOpinions && this.closed && (this.closingMethod === null || this.closingPairwise === null))
      this.problems.push('the closing of a topic decided among its opinions records no method or no pairwise matrix');
    const completeness = this.completeness();
    const subjects = compareTallies(counted, published?.tallies ?? []);
    if (!published) this.problems.push('no published result in the export');
    else {
      if (!sameOutcome(recount, published)) this.problems.push('the published result is not the recount\u2019s');
      for (const subject of subjects) {
        if (subject.recount.weightedSupport !== subject.published.weightedSupport || subject.recount.weightedOppose !== subject.published.weightedOppose) {
          const why = recountReasons(state, network, subject.subjectId, subject.recount, subject.published);
          this.problems.push(`${subject.subjectId}: the published tally is not the recount${why.length > 0 ? `: ${why.join('; ')}` : ''}`);
        }
      }
    }
    const pairwise: PairwiseLine | null = tallies.schulze && {
      candidates: tallies.schulze.candidates,
      noChange,
      recount: tallies.schulze.pairwise,
      strongestPaths: tallies.schulze.strongestPaths,
      recorded: ((amongOpinions ? this.closingPairwise : this.recordedPairwise) as number[][] | null) ?? null,
    };
    return {
      topicId: this.topicId,
      method: tallies.method,
      pairwise,
      quorum,
      events: this.events,
      completeness,
      counted: this.recordedCount?.events ?? null,
      recount,
      published: published && { status: published.status, result: published.result },
      subjects,
      problems: this.problems,
    };
  }

  /**
   * The law the closing records as enacted beside the recount's: which opinion, and its figures (a
   * law decided among opinions: the weight ranking it above no change, and no change above it), held
   * to the recount when the closing recorded its tallies (closings from before delegation weighed
   * otherwise and recorded none); and a closed topic whose recount enacts a law must record one.
   */
  private checkLaw(tallies: TopicTallies, recount: Pick<ExportResult, 'status' | 'result'>): void {
    const law = this.recordedLaw;
    if (law === null) {
      if (this.closed && recount.result.kind === 'law_enacted')
        this.problems.push(`the recount enacts ${recount.result.opinionId}, but the closing records no law enacted`);
      return;
    }
    if (recount.result.opinionId !== law.opinionId) {
      this.problems.push('the law recorded as enacted is not the recount\u2019s');
      return;
    }
    const standing = this.recordedClosing && tallies.standings.find((candidate) => candidate.opinionId === law.opinionId);
    if (standing && (standing.weightedSupport !== law.weightedSupport || standing.weightedOppose !== law.weightedOppose))
      this.problems.push(
        `the law enacted is recorded with +${String(law.weightedSupport)} / -${String(law.weightedOppose)}, the recount gives +${standing.weightedSupport} / -${standing.weightedOppose}`,
      );
  }

  /** The closing's quorum figures and deciding rule beside the recount's (issue #34 item 3), once the topic is closed. */
  private checkQuorum(state: TopicTallyState, tallies: TopicTallies, network: ReturnType<typeof topicTally.networkOf>): QuorumLine | null {
    if (!this.closed) return null;
    const namedEligible = this.named.eligibleIn(state.groupId, network);
    const decided = this.recordedLaw?.opinionId ?? this.recordedWinner;
    this.problems.push(...quorumProblems(state, tallies, { quorum: this.closingQuorum, decidedBy: this.closingDecidedBy, decided }, namedEligible));
    if (!tallies.quorum) return null;
    return {
      recount: tallies.quorum,
      recorded: recordedFigures(this.closingQuorum),
      decidedBy: { recount: tallies.decidedBy, recorded: typeof this.closingDecidedBy === 'string' ? this.closingDecidedBy : null },
      namedEligible: isOpenGroup(state) ? namedEligible : null,
    };
  }

  /** Whether the export holds every event the outcome was counted from (docs/audit-format.md, Completeness). */
  private completeness(): Completeness {
    if (this.closed) {
      if (!this.recordedCount) return 'unrecorded';
      const differences = countedDifferences(this.recordedCount, this.counted.commitment());
      if (differences.length === 0) return 'complete';
      this.problems.push(`the export does not hold what the closing counted: ${differences.join('; ')}`);
      return 'incomplete';
    }
    if (this.deleted) return 'deleted';
    // The platform closes a topic seconds after expiry, and exports an expired topic only once its closing is under the checkpoint.
    if (this.expiresAt !== null && Date.parse(this.checkpoint.timestamp) > Date.parse(this.expiresAt))
      this.problems.push(
        `the topic expired at ${this.expiresAt}, before the checkpoint was signed (${this.checkpoint.timestamp}), but the export holds no closing: its count may have been left out`,
      );
    return 'open';
  }
}

/** The closing's record of what it counted, when it holds one of the right shape. */
function countedOf(data: unknown): CountedCommitment | null {
  const counted = (data as { counted?: Partial<CountedCommitment> } | null)?.counted;
  if (!counted || typeof counted !== 'object' || typeof counted.events !== 'number' || typeof counted.digest !== 'string') return null;
  const byType = counted.byType && typeof counted.byType === 'object' ? counted.byType : {};
  return { events: counted.events, digest: counted.digest, byType };
}

function compareTallies(counted: Map<string, { weightedSupport: number; weightedOppose: number }>, published: readonly PublishedTally[]): SubjectLine[] {
  const shown = new Map(published.map((tally) => [tally.subjectId, tally]));
  const zero = { weightedSupport: 0, weightedOppose: 0 };
  return [...new Set([...counted.keys(), ...shown.keys()])].map((subjectId) => {
    const recount = counted.get(subjectId) ?? zero;
    const publishedTally = shown.get(subjectId) ?? zero;
    return {
      subjectId,
      recount: { weightedSupport: recount.weightedSupport, weightedOppose: recount.weightedOppose },
      published: { weightedSupport: publishedTally.weightedSupport, weightedOppose: publishedTally.weightedOppose },
    };
  });
}

/** Checks an export given as its lines (a file read line by line). */
export async function verifyExport(lines: AsyncIterable<string> | Iterable<string>, options: VerifyOptions = {}): Promise<VerifyReport> {
  const report: VerifyReport = {
    ok: false,
    scope: null,
    keyFrom: options.publicKey ? 'option' : 'export',
    checkpoint: null,
    leaves: 0,
    topics: [],
    receipts: [],
    problems: [],
  };
  const receipts = new ReceiptBook(options.receipts ?? []);
  const fail = (problem: string) => void report.problems.push(problem);
  let key = options.publicKey ?? null;
  let topic: TopicCheck | null = null;
  let consistencyChecked = false;
  let counted = 0;
  let ended = false;
  const leafHashes: Buffer[] = [];
  const closeTopic = (published: ExportResult | null) => {
    if (topic) report.topics.push(topic.finish(published));
    topic = null;
  };
  for await (const text of lines) {
    if (text.trim() === '') continue;
    let line: ExportLine;
    try {
      line = JSON.parse(text) as ExportLine;
    } catch {
      fail(`line ${counted + 1} is not JSON`);
      break;
    }
    if (ended) {
      fail('lines after the end line');
      break;
    }
    if (line.kind !== 'end') counted += 1;
    if (line.kind === 'header') {
      if (line.format !== EXPORT_FORMAT) fail(`not a ${EXPORT_FORMAT} export`);
      report.scope = line.scope;
      key ??= line.publicKey;
    } else if (line.kind === 'checkpoint') {
      report.checkpoint = line.checkpoint;
      if (!key || !verifyCheckpoint(line.checkpoint, key)) fail('the checkpoint\u2019s signature does not verify with the log\u2019s key');
    } else if (!report.checkpoint) {
      fail('no checkpoint before the first record');
      break;
    } else if (line.kind === 'consistency') {
      consistencyChecked = checkConsistency(line.from, line.proof, report.checkpoint, key, options.since, fail) || consistencyChecked;
    } else if (line.kind === 'topic') {
      closeTopic(null);
      topic = new TopicCheck(line.topicId, report.checkpoint, receipts);
    } else if (line.kind === 'event') {
      if (!topic || line.topicId !== topic.topicId) fail(`event ${line.event.position} outside its topic's section`);
      else topic.add(line);
    } else if (line.kind === 'result') {
      if (!topic || line.topicId !== topic.topicId) fail(`result of ${line.topicId} outside its topic's section`);
      closeTopic(line);
    } else if (line.kind === 'leaf') {
      if (line.leafIndex !== leafHashes.length) fail(`leaf ${line.leafIndex} out of order`);
      leafHashes.push(b64(line.leafHash));
    } else if (line.kind === 'end') {
      ended = true;
      if (line.lines !== counted) fail(`the export says ${line.lines} lines, ${counted} came`);
    }
  }
  closeTopic(null);
  if (!ended) fail('the export is cut short (no end line)');
  if (options.since && !consistencyChecked) fail('the export carries no consistency proof from the checkpoint given (download it with ?since=<its tree size>)');
  if (report.scope === 'log' && report.checkpoint) {
    report.leaves = leafHashes.length;
    if (leafHashes.length !== report.checkpoint.treeSize)
      fail(`the checkpoint covers ${report.checkpoint.treeSize} leaves, the export lists ${leafHashes.length}`);
    else if (!treeHash(leafHashes.length, memoryNodeSource(leafHashes)).equals(b64(report.checkpoint.rootHash)))
      fail('the leaves do not hash to the checkpoint\u2019s root');
  }
  if ((report.scope === 'topic' || report.scope === 'group') && report.topics.length === 0 && report.scope === 'topic') fail('the export holds no topic');
  for (const verdict of report.topics) for (const problem of verdict.problems) fail(`topic ${verdict.topicId}: ${problem}`);
  report.receipts = receipts.verdicts();
  for (const receipt of report.receipts) if (receipt.status === 'missing') fail(`receipt ${receipt.eventId} (${receipt.source}): ${receipt.detail}`);
  report.ok = report.problems.length === 0;
  return report;
}

function checkConsistency(
  from: SignedCheckpoint,
  proof: string[],
  checkpoint: SignedCheckpoint,
  key: string | null,
  since: SignedCheckpoint | undefined,
  fail: (problem: string) => void,
): boolean {
  if (!key || !verifyCheckpoint(from, key)) {
    fail('the earlier checkpoint\u2019s signature does not verify with the log\u2019s key');
    return false;
  }
  if (!verifyConsistency(from.treeSize, checkpoint.treeSize, b64(from.rootHash), b64(checkpoint.rootHash), proof.map(b64))) {
    fail(`the log of ${checkpoint.treeSize} events does not extend the one of ${from.treeSize}`);
    return false;
  }
  if (since && (since.treeSize !== from.treeSize || since.rootHash !== from.rootHash)) {
    fail(`the consistency proof starts from another checkpoint than the one given (size ${since.treeSize})`);
    return false;
  }
  return since !== undefined;
}

/** The key id of a raw public key in base64 (what checkpoints name). */
export const keyIdOf = (publicKey: string) => logKeyId(b64(publicKey));
