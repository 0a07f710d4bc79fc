import { LruMap } from '../lru-map';
import type { LeafEvent } from './merkle';

/**
 * What a Merkle leaf commits to: the stored event with every id in it (UUIDs in the stream name,
 * data and metadata) blinded by a keyed hash, so an export can publish the very bytes a leaf
 * hashes without naming anyone (issue #15 items 4 and 5).
 *
 * The blinding's scope decides what links: an event of one topic (its data names `topicId`) is
 * blinded per topic, so a member's votes, opinions and ballots in that topic share one pseudonym
 * that no other topic's export repeats; every other event (group membership, delegations,
 * subscriptions, verifications) is blinded per event, and an export links its ids to the topic's
 * pseudonyms. The topic's own id stays as it is: exports are named by it.
 */

/** A keyed hash of (scope, id) that names nobody without the key: '~' and 32 hex digits. */
export type Blind = (scope: string, id: string) => string;

const TOPIC_SCOPE_PREFIX = 'topic:';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Topic-scoped blinded ids kept per blinder: a topic's voters and opinions recur in every vote's leaf. */
const REMEMBERED_TOPIC_IDS = 20_000;

/**
 * A blinder from a keyed hash (HMAC-SHA256 in hex) of the text `scope\nid`. Ids in a topic's scope
 * are remembered (bounded): the votes bench's profile showed an HMAC per id per leaf, twice per
 * vote (receipt and merkle_log). Per-event scopes never recur, so they are not kept.
 */
export const blindWith = (keyedHash: (value: string) => string): Blind => {
  const remembered = new LruMap<string, string>(REMEMBERED_TOPIC_IDS);
  const blind = (text: string) => `~${keyedHash(text).slice(0, 32)}`;
  return (scope, id) => {
    const text = `${scope}\n${id}`;
    if (!scope.startsWith(TOPIC_SCOPE_PREFIX)) return blind(text);
    let blinded = remembered.get(text);
    if (blinded === undefined) remembered.set(text, (blinded = blind(text)));
    return blinded;
  };
};

/** The topic an event belongs to alone, if any. */
export function topicOf(data: unknown): string | null {
  const topicId = (data as { topicId?: unknown } | null)?.topicId;
  return typeof topicId === 'string' ? topicId : null;
}

/** The scope an event's ids are blinded in: its topic's, else its own position's. */
export function leafScope(event: Pick<LeafEvent, 'data' | 'position'>): string {
  const topicId = topicOf(event.data);
  return topicId ? topicScope(topicId) : `event:${event.position}`;
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

/** The event as its leaf commits to it: every id but its topic's replaced by its blinded form in the event's scope. */
export function blindLeafEvent(event: LeafEvent, blind: Blind): LeafEvent {
  const topicId = topicOf(event.data);
  const scope = leafScope(event);
  const cache = new Map<string, string>();
  const blinded = (id: string) => {
    let value = cache.get(id);
    if (value === undefined) cache.set(id, (value = blind(scope, id)));
    return value;
  };
  const change = (text: string) => text.replace(UUID, (id) => (id === topicId ? id : blinded(id)));
  return {
    ...event,
    stream: change(event.stream),
    data: mapStrings(event.data ?? null, change),
    metadata: mapStrings(event.metadata ?? {}, change),
  };
}
