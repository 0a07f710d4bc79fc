import * as nodeCrypto from 'node:crypto';
import type { CountedCommitment } from '../topics/topic.events';
import { STANDING_INVOLVED_TYPES, STANDING_TYPES, TALLY_INPUT_TYPES } from './topic-tally';

/**
 * What a topic's closing counted, as the closing records it in TopicClosed (`counted`): how many
 * events bore on the outcome, how many of each type, and a digest of their leaf hashes in log
 * order. The verifier recomputes it from an export, so an export that leaves out, adds or reorders
 * an event the outcome was counted from is refused (docs/audit-format.md, Completeness). Pure
 * (node:crypto only): the closing and the standalone verifier run this same code. The digest is
 * SHA-256 of the counted events' 32-byte leaf hashes, concatenated in log order, in base64.
 */
export type { CountedCommitment };

const STANDING: ReadonlySet<string> = new Set(STANDING_TYPES);
const MEMBER_FIELDS = ['userId', 'delegatorId', 'delegateId'] as const;

/**
 * Collects the events that bear on a topic's outcome, in log order. Each export-able record is
 * offered with whether the tally's closing cut had passed before it (`topicTally.isPastTheCut`,
 * asked before the event is folded in): an event past the cut is not counted. A subscription's or
 * verification's event counts only for a member named by a counted vote, ballot or delegation
 * (STANDING_INVOLVED_TYPES, the members readTopicRecords reads the streams of) or, in a business
 * group's topic opened with a quorum, for any member who joined by the cut (their subscriptions make
 * its eligible weight), so members who came into the topic's group later (whose streams a later
 * export also carries) change nothing. Ids may be raw or pseudonyms, as long as one naming is used
 * throughout.
 */
export class CountedEvents {
  private readonly taken: Array<{ type: string; leafHash: Uint8Array; member: string | null }> = [];
  private readonly involved = new Set<string>();
  /** A business group's members by the cut: its eligible weight is their subscriptions (issue #34 item 3). */
  private readonly joined = new Set<string>();
  private business = false;
  private quorum = false;

  offer(event: { type: string; data: unknown }, leafHash: Uint8Array, pastTheCut: boolean): void {
    if (pastTheCut || !TALLY_INPUT_TYPES.has(event.type)) return;
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (STANDING_INVOLVED_TYPES.has(event.type)) for (const field of MEMBER_FIELDS) if (typeof data[field] === 'string') this.involved.add(data[field]);
    if (event.type === 'GroupCreated') this.business = data.department === 'business';
    if (event.type === 'GroupMemberJoined' && typeof data.userId === 'string') this.joined.add(data.userId);
    // Topics opened before quorums were counted without the other members' standing: their commitments stay as recorded.
    if (event.type === 'TopicCreated') this.quorum = data.quorumPercent !== undefined;
    const member = STANDING.has(event.type) && typeof data.userId === 'string' ? data.userId : null;
    this.taken.push({ type: event.type, leafHash, member });
  }

  commitment(): CountedCommitment {
    const digest = nodeCrypto.createHash('sha256');
    const byType: Record<string, number> = {};
    let events = 0;
    const weighed = (member: string) => this.involved.has(member) || (this.business && this.quorum && this.joined.has(member));
    for (const { type, leafHash, member } of this.taken) {
      if (STANDING.has(type) && (member === null || !weighed(member))) continue;
      digest.update(leafHash);
      byType[type] = (byType[type] ?? 0) + 1;
      events += 1;
    }
    return { events, byType, digest: digest.digest('base64') };
  }
}

/**
 * How an export's count differs from the one its closing recorded, in words (empty when they are
 * the same): the types with fewer or more events, else that the events or their order differ.
 */
export function countedDifferences(recorded: CountedCommitment, found: CountedCommitment): string[] {
  const differences: string[] = [];
  for (const type of [...new Set([...Object.keys(recorded.byType), ...Object.keys(found.byType)])].sort()) {
    const [counted, held] = [recorded.byType[type] ?? 0, found.byType[type] ?? 0];
    if (counted > held) differences.push(`${counted - held} ${type} missing (the closing counted ${counted}, the export holds ${held})`);
    if (held > counted) differences.push(`${held - counted} ${type} more than the closing counted (${counted}; the export holds ${held})`);
  }
  if (differences.length === 0 && (recorded.events !== found.events || recorded.digest !== found.digest))
    differences.push('the events are not the ones the closing counted, or not in the order it counted them');
  return differences;
}
