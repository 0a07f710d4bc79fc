import { canonicalLeafText, hashLeafText, leafFormatOf, type Hash, type LeafEvent, type StringMapper } from './merkle';

/**
 * What a Merkle leaf commits to: the stored event with every id in it (UUIDs in the stream name,
 * data and metadata) blinded by a keyed hash, so an export can publish the very bytes a leaf
 * hashes without naming anyone (issue #15 items 4 and 5).
 *
 * The blinding's scope decides what links: an event of one topic (its data names `topicId`) is
 * blinded per topic, so a member's votes and ballots in that topic share one pseudonym that no
 * other topic's export repeats (their public acts take another from leaf format 2); every other event (group membership, delegations,
 * subscriptions, verifications) is blinded per event, and an export links its ids to the topic's
 * pseudonyms. The topic's own id stays as it is: exports are named by it.
 */

/** A keyed hash of (scope, id) that names nobody without the key: '~' and 32 hex digits. */
export type Blind = (scope: string, id: string) => string;

const TOPIC_SCOPE_PREFIX = 'topic:';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const UUID_LENGTH = 36;
/** Part of every UUID, and far quicker to look for in a long text than the whole pattern. */
const UUID_MIDDLE = /-[0-9a-f]{4}-/i;

/** Whether a text of an id's length is one, as UUID would match it: by hand, which measured quicker than a regex per id. */
function isUuid(text: string): boolean {
  for (let at = 0; at < UUID_LENGTH; at++) {
    const code = text.charCodeAt(at);
    if (at === 8 || at === 13 || at === 18 || at === 23) {
      if (code !== 0x2d) return false; // '-'
    } else if (!(code >= 0x30 && code <= 0x39) && !((code | 0x20) >= 0x61 && (code | 0x20) <= 0x66)) {
      return false; // neither 0-9 nor a-f in either case
    }
  }
  return true;
}

/** Topic-scoped blinded ids kept per blinder in each of its two generations: a topic's voters and opinions recur in every vote's leaf. */
const REMEMBERED_TOPIC_IDS = 10_000;

/**
 * A blinder from a keyed hash (HMAC-SHA256 in hex) of the text `scope\nid`. Ids in a topic's scope
 * are remembered (bounded): the votes bench's profile showed an HMAC per id per leaf, twice per
 * vote (receipt and merkle_log). Per-event scopes never recur, so they are not kept.
 *
 * Remembered by scope, then id, in two generations: the newer takes each id blinded or used, and
 * once full becomes the older, whose ids not used meanwhile are dropped. The LRU keyed by `scope\nid`
 * this replaced (a string to build and hash, and a reinsertion, per lookup) measured over 1 µs a
 * lookup on a vote's ids, more than the HMAC it saved.
 */
export const blindWith = (keyedHash: (value: string) => string): Blind => {
  const blind = (scope: string, id: string) => `~${keyedHash(`${scope}\n${id}`).slice(0, 32)}`;
  let newer = new Map<string, Map<string, string>>();
  let older = new Map<string, Map<string, string>>();
  let kept = 0;
  return (scope, id) => {
    if (!scope.startsWith(TOPIC_SCOPE_PREFIX)) return blind(scope, id);
    let ids = newer.get(scope);
    let blinded = ids?.get(id);
    if (blinded !== undefined) return blinded;
    blinded = older.get(scope)?.get(id) ?? blind(scope, id);
    if (kept === REMEMBERED_TOPIC_IDS) {
      older = newer;
      newer = new Map();
      kept = 0;
      ids = undefined;
    }
    if (ids === undefined) newer.set(scope, (ids = new Map()));
    ids.set(id, blinded);
    kept += 1;
    return blinded;
  };
};

/** The topic an event belongs to alone, if any. */
export function topicOf(data: unknown): string | null {
  const topicId = (data as { topicId?: unknown } | null)?.topicId;
  return typeof topicId === 'string' ? topicId : null;
}

const eventScope = (position: string) => `event:${position}`;

/** The scope an event's ids are blinded in: its topic's, else its own position's. */
export function leafScope(event: Pick<LeafEvent, 'data' | 'position'>): string {
  const topicId = topicOf(event.data);
  return topicId ? topicScope(topicId) : eventScope(event.position);
}

export const topicScope = (topicId: string) => `${TOPIC_SCOPE_PREFIX}${topicId}`;

/** How the history names a member: the first 12 hex digits of their blinded id in the topic's scope (what the export shows whole). */
export const historyPseudonym = (blinded: string) => `member-${blinded.slice(1, 13)}`;

/** Every string in a JSON value through `change` (keys stay: they name fields, not people). */
export function mapStrings(input: unknown, change: (text: string) => string): unknown {
  // As JSON.stringify would see it (a Date in an event appended just now is its ISO text once stored).
  const value = typeof (input as { toJSON?: unknown } | null)?.toJSON === 'function' ? (input as { toJSON: () => unknown }).toJSON() : input;
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (typeof value === 'object' && value !== null) {
    const mapped: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) mapped[key] = mapStrings(item, change);
    return mapped;
  }
  return value;
}

/** The ids (UUIDs) an event names, its topic's own id aside. */
export function idsIn(event: Pick<LeafEvent, 'stream' | 'data' | 'metadata'>): Set<string> {
  const topicId = topicOf(event.data);
  const ids = new Set<string>();
  const collect = (text: string) => {
    for (const match of text.matchAll(UUID)) if (match[0] !== topicId) ids.add(match[0]);
    return text;
  };
  collect(event.stream);
  mapStrings(event.data, collect);
  mapStrings(event.metadata, collect);
  return ids;
}

/*
 * Leaf format 2 and later (merkle.ts, leafFormatOf): in a topic's events other than votes and
 * ballots, the ids that are not the topic's objects (its opinions and candidates) are blinded in the
 * topic's author scope, so what a member does in public (a topic, an opinion, a candidacy) shares no
 * pseudonym with their votes (docs/audit-format.md, Leaf formats).
 */

/** A topic's events that record a member's choice: their ids keep the topic's (voting) scope in every format. */
const CHOICE_TYPES: ReadonlySet<string> = new Set(['VoteCast', 'VoteRetracted', 'BallotCast', 'BallotWithdrawn', 'RankedBallotCast', 'ApprovalBallotCast']);
/** The fields that name a topic's objects rather than people: votes and ballots must join to them. */
const OBJECT_FIELDS: ReadonlySet<string> = new Set(['opinionId', 'candidateId', 'winnerCandidateId', 'previousCandidateId', 'subjectId']);

/** The scope a member's public acts in a topic are blinded in (leaf format 2): never the one their votes are. */
export const authorScope = (topicId: string) => `${topicScope(topicId)}#authors`;

/** The values of the object fields anywhere in an event's data (a closing's tallies name opinions too). */
function objectIdsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) objectIdsIn(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (OBJECT_FIELDS.has(key) && typeof item === 'string') into.add(item);
      else objectIdsIn(item, into);
    }
  }
  return into;
}

/** The blinding of one event's leaf: its scope (or, format 2, its topic's objects' and its authors'), its topic's id (kept) and the ids blinded so far. */
class LeafIdBlinding {
  private readonly blinded = new Map<string, string>();

  constructor(
    private readonly topicId: string | null,
    private readonly scope: string,
    private readonly blind: Blind,
    /** Format 2 in a topic's non-choice event: the topic's objects stay in `scope`, every other id goes to `otherScope`. */
    private readonly objects: ReadonlySet<string> | null = null,
    private readonly otherScope: string = scope,
  ) {}

  id(id: string): string {
    if (id === this.topicId) return id;
    let value = this.blinded.get(id);
    if (value === undefined) this.blinded.set(id, (value = this.blind(this.objects === null || this.objects.has(id) ? this.scope : this.otherScope, id)));
    return value;
  }

  /** Checked cheapest first: most strings are shorter than an id, one of an id's length can only be one, and most longer texts hold none. */
  text(text: string): string {
    if (text.length < UUID_LENGTH) return text;
    if (text.length === UUID_LENGTH) return isUuid(text) ? this.id(text) : text;
    return UUID_MIDDLE.test(text) ? text.replace(UUID, (id) => this.id(id)) : text;
  }
}

/**
 * The blinding rule of one event's leaf: every id (UUID) in a text but its topic's replaced by its
 * blinded form in the event's scope (leaf format 2 splits a topic's scope, see LEAF_FORMAT), each
 * id blinded once per event.
 */
export function leafIdBlinder(event: Pick<LeafEvent, 'type' | 'data' | 'metadata' | 'position'>, blind: Blind): StringMapper {
  const topicId = topicOf(event.data);
  const authored = topicId !== null && !CHOICE_TYPES.has(event.type) && leafFormatOf(event.metadata) >= 2;
  const blinding = authored
    ? new LeafIdBlinding(topicId, topicScope(topicId), blind, objectIdsIn(event.data), authorScope(topicId))
    : new LeafIdBlinding(topicId, topicId ? topicScope(topicId) : eventScope(event.position), blind);
  // A class, not closures: tsx compiles with keepNames, wrapping each named closure in __name() as it is made (0.5 µs a leaf, measured).
  return (text) => blinding.text(text);
}

/**
 * The event as its leaf commits to it: every id but its topic's replaced by its blinded form in the
 * event's scope. Read back from the leaf's own canonical text, so what an export publishes is
 * exactly what the leaf hashes (keys sorted, members JSON would drop gone).
 */
export const blindLeafEvent = (event: LeafEvent, blind: Blind): LeafEvent => JSON.parse(canonicalLeafText(event, leafIdBlinder(event, blind))) as LeafEvent;

/** A stored event: its stream, its place in the stream and its log position, as the store reads them. */
export interface StoredLeafSource {
  streamId: string;
  streamPosition: number;
  position: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

const leafEventOf = (event: StoredLeafSource): LeafEvent => ({
  stream: event.streamId,
  version: event.streamPosition,
  position: event.position,
  type: event.type,
  data: event.data,
  metadata: event.metadata,
});

/** A stored event in the form its leaf commits to (ids blinded). */
export const storedLeafEvent = (event: StoredLeafSource, blind: Blind): LeafEvent => blindLeafEvent(leafEventOf(event), blind);

/**
 * A stored event's leaf hash: one mapping for the projection, receipts, exports and audit:check.
 * Blinds and serializes in one walk (no blinded copy): equal to eventLeafHash(storedLeafEvent(event, blind)).
 */
export function storedEventLeafHash(event: StoredLeafSource, blind: Blind): Hash {
  const leaf = leafEventOf(event);
  return hashLeafText(canonicalLeafText(leaf, leafIdBlinder(leaf, blind)));
}
