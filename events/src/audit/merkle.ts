import * as nodeCrypto from 'node:crypto';
import { areProofHashes } from './proof-hashes';

/**
 * The event log as an RFC 9162 Merkle tree (section 2.1): leaf hash = SHA-256(0x00 || leaf),
 * interior node = SHA-256(0x01 || left || right), the tree over all events in global order.
 * Pure and dependent on node:crypto alone, so an outside verifier can import it as it is.
 *
 * Proofs are described structurally first (which ranges of leaves they need the hashes of), then
 * filled from a `NodeSource`: every range a proof names splits into complete subtrees aligned to
 * their size, so a store that keeps only those (level, index) nodes answers any proof for any
 * tree size in O(log n) lookups.
 */

export type Hash = Buffer;

/** The fields of a stored event that its leaf commits to. */
export interface LeafEvent {
  /** The stream's id. */
  stream: string;
  /** The event's place in its stream (1-based). */
  version: number;
  /** The event's global position (a string, totally ordered). */
  position: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

const sha256 = (...parts: Uint8Array[]): Hash => {
  const hash = nodeCrypto.createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

/** MTH({}) = SHA-256(): the root of the empty tree. */
export const EMPTY_ROOT: Hash = sha256();

export const hashLeaf = (leaf: Uint8Array): Hash => sha256(LEAF_PREFIX, leaf);
export const hashChildren = (left: Uint8Array, right: Uint8Array): Hash => sha256(NODE_PREFIX, left, right);

/** A rewrite of the string values (not the keys) a value is serialized with: how a leaf blinds ids. */
export type StringMapper = (text: string) => string;

/** The characters JSON.stringify escapes in a string (lone surrogates included); most strings have none. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const quote = (text: string) => (NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`);
/** A UTF-16 surrogate with no partner (in a `u` regex a well-formed pair is one code point). */
const LONE_SURROGATE = /\p{Cs}/u;
/** RFC 8785 (3.2.2.2) writes strings as JSON.stringify does, and refuses a lone surrogate: I-JSON holds none. */
function quoteJcs(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return `"${text}"`;
  if (LONE_SURROGATE.test(text)) throw new TypeError('RFC 8785 canonical JSON has no lone surrogates');
  return JSON.stringify(text);
}

/**
 * How an event's leaf is written, as its metadata names it (`leafFormat`; 1 when absent, as for
 * every event stored before it existed). 1: the first canonical JSON (below). 2: the same bytes, ids
 * blinded apart for a topic's authors (leaf-view.ts). 3: format 2's blinding, written exactly as
 * RFC 8785 (JCS) writes it. The command side writes LEAF_FORMAT on every event it appends.
 */
export const LEAF_FORMAT = 3;
export const leafFormatOf = (metadata: unknown): number => {
  const format = (metadata as { leafFormat?: unknown } | null)?.leafFormat;
  return typeof format === 'number' ? format : 1;
};

/** Keys quoted once: field names recur in every event. Bounded, as ids used as keys would grow it without end. */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_KEPT = 10_000;
function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = quote(key);
    if (quotedKeys.size < QUOTED_KEYS_KEPT) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/** Objects with up to this many keys are sorted by insertion. */
const SMALL_OBJECT = 16;

/** The largest array index (2^32 - 2): keys up to it are ordered numerically in every object, ahead of the rest. */
const MAX_ARRAY_INDEX = 4_294_967_294;

function isArrayIndex(key: string): boolean {
  const first = key.charCodeAt(0);
  if (first < 48 || first > 57) return false;
  const index = Number(key);
  return Number.isInteger(index) && index <= MAX_ARRAY_INDEX && String(index) === key;
}

/**
 * An object's keys in canonical order: sorted by UTF-16 code units, as RFC 8785 sorts them (`jcs`),
 * or, for leaves before format 3, with array-index keys first in numeric order: the first
 * canonicalJson copied sorted keys into a new object, which the engine orders that way, and leaves
 * already recorded hash that order.
 */
function canonicalKeys(value: object, jcs: boolean): string[] {
  const keys = Object.keys(value);
  if (keys.length > SMALL_OBJECT) keys.sort();
  else {
    // Insertion sort (string < compares code units, as sort() does): quicker for the few keys an event's objects have.
    for (let at = 0; at < keys.length; at++) {
      const key = keys[at]!;
      let to = at;
      while (to > 0 && keys[to - 1]! > key) keys[to] = keys[--to]!;
      keys[to] = key;
    }
  }
  if (jcs || !keys.some(isArrayIndex)) return keys;
  return [...keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b)), ...keys.filter((key) => !isArrayIndex(key))];
}

/**
 * One value's canonical JSON, or undefined where JSON.stringify leaves a member out (undefined, a
 * function, a symbol). `key` is what JSON.stringify passes to toJSON.
 */
function serialize(input: unknown, key: string | number, mapString: StringMapper | undefined, jcs = false): string | undefined {
  let value = input;
  if ((typeof value === 'object' && value !== null) || typeof value === 'function' || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, String(key));
  }
  switch (typeof value) {
    case 'string':
      return (jcs ? quoteJcs : quote)(mapString ? mapString(value) : value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return JSON.stringify(value); // throws, as JSON.stringify does
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let text = '[';
        for (let index = 0; index < value.length; index++) text += `${index > 0 ? ',' : ''}${serialize(value[index], index, mapString, jcs) ?? 'null'}`;
        return `${text}]`;
      }
      let text = '{';
      for (const name of canonicalKeys(value, jcs)) {
        // The first canonicalJson assigned keys to a new object: '__proto__' set its prototype and never appeared.
        if (name === '__proto__' && !jcs) continue;
        const member = serialize((value as Record<string, unknown>)[name], name, mapString, jcs);
        if (member !== undefined) text += `${text.length > 1 ? ',' : ''}${jcs ? quoteJcs(name) : quoteKey(name)}:${member}`;
      }
      return `${text}}`;
    }
    default:
      return undefined;
  }
}

/**
 * Canonical JSON as leaves of formats 1 and 2 are written: JSON.stringify's own rules (undefined
 * dropped, toJSON applied, shortest number form, its string escapes) with every object's keys
 * sorted by UTF-16 code units (array-index keys first, see canonicalKeys) and no whitespace; RFC
 * 8785 exactly is jcsCanonicalJson. The same value read back from PostgreSQL jsonb (which reorders keys
 * and reformats) gives the same text, so a leaf can be hashed at append time and again from the store.
 * Written in one walk (no sorted copy, no replacer): leaves are hashed for every event appended.
 * `mapString` rewrites each string value on the way.
 */
export function canonicalJson(value: unknown, mapString?: StringMapper): string {
  return serialize(value, '', mapString) ?? 'null';
}

/** RFC 8785 (JCS) canonical JSON of a JSON value: keys by UTF-16 code units, no lone surrogates. */
export function jcsCanonicalJson(value: unknown, mapString?: StringMapper): string {
  return serialize(value, '', mapString, true) ?? 'null';
}

/**
 * The canonical JSON of an event's leaf, {data, metadata, position, stream, type, version}, with
 * `mapIds` applied to the strings of the stream name, data and metadata (where ids are), in the
 * encoding its leaf format names (RFC 8785 from format 3).
 */
export function canonicalLeafText(event: LeafEvent, mapIds?: StringMapper): string {
  const jcs = leafFormatOf(event.metadata) >= 3;
  const members = [
    ['data', serialize(event.data ?? null, 'data', mapIds, jcs)],
    ['metadata', serialize(event.metadata ?? {}, 'metadata', mapIds, jcs)],
    ['position', serialize(event.position, 'position', undefined, jcs)],
    ['stream', serialize(event.stream, 'stream', mapIds, jcs)],
    ['type', serialize(event.type, 'type', undefined, jcs)],
    ['version', serialize(event.version, 'version', undefined, jcs)],
  ] as const;
  let text = '{';
  for (const [name, member] of members) if (member !== undefined) text += `${text.length > 1 ? ',' : ''}"${name}":${member}`;
  return `${text}}`;
}

/**
 * SHA-256 of a text's UTF-8 as 'binary' (latin1) text, one byte a character: a Buffer made from
 * that in JS costs less than one node:crypto makes. One-shot crypto.hash came with Node 20.12;
 * an outside verifier on an older Node takes createHash.
 */
const sha256Binary: (text: string) => string =
  typeof nodeCrypto.hash === 'function'
    ? (text) => nodeCrypto.hash('sha256', text, 'binary')
    : (text) => nodeCrypto.createHash('sha256').update(text, 'utf8').digest('binary');

/** SHA-256(0x00 || UTF-8 of the leaf's text), the 0x00 as the text's first character. */
export const hashLeafText = (text: string): Hash => Buffer.from(sha256Binary(`\0${text}`), 'latin1');

/** An event's leaf hash: SHA-256(0x00 || canonical bytes). */
export const eventLeafHash = (event: LeafEvent): Hash => hashLeafText(canonicalLeafText(event));

/** A complete subtree: 2^level leaves starting at leaf index << level. Level 0 nodes are the leaf hashes. */
export interface NodeKey {
  level: number;
  index: number;
}

/** The hashes of complete aligned subtrees, by key; throws or returns undefined for one it lacks. */
export type NodeSource = (key: NodeKey) => Hash | undefined;

/** Leaves [start, end). */
export interface LeafRange {
  start: number;
  end: number;
}

/** The largest power of two smaller than n (n > 1): RFC 9162's k. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

const isPowerOfTwo = (n: number) => n > 0 && 2 ** Math.round(Math.log2(n)) === n;

function requireSize(name: string, n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number >= 0, not ${n}`);
}

/**
 * The complete aligned subtrees a range is made of, left to right, following MTH's own split:
 * [start, end) of size n splits at k (largest power of two < n) into [start, start+k), aligned and
 * complete, and the rest.
 */
export function rangeNodes({ start, end }: LeafRange): NodeKey[] {
  const nodes: NodeKey[] = [];
  let from = start;
  while (from < end) {
    const size = end - from;
    const k = isPowerOfTwo(size) ? size : splitPoint(size);
    if (from % k !== 0) throw new RangeError(`range [${start}, ${end}) is not one MTH splits`);
    const level = Math.log2(k);
    nodes.push({ level, index: from / k });
    from += k;
  }
  return nodes;
}

const lookup = (source: NodeSource, key: NodeKey): Hash => {
  const hash = source(key);
  if (!hash) throw new RangeError(`node (${key.level}, ${key.index}) is not known`);
  return hash;
};

/** MTH of a range, folded right to left from its complete subtrees. */
export function rangeHash(range: LeafRange, source: NodeSource): Hash {
  if (range.end === range.start) return EMPTY_ROOT;
  const hashes = rangeNodes(range).map((key) => lookup(source, key));
  let hash = hashes.pop()!;
  while (hashes.length > 0) hash = hashChildren(hashes.pop()!, hash);
  return hash;
}

/** The root of the tree of the first `size` leaves. */
export const treeHash = (size: number, source: NodeSource): Hash => {
  requireSize('size', size);
  return rangeHash({ start: 0, end: size }, source);
};

/** RFC 9162 2.1.3.1 PATH(m, D[n]): the ranges whose hashes prove leaf m in a tree of n leaves, leaf side first. */
export function inclusionRanges(leafIndex: number, treeSize: number): LeafRange[] {
  requireSize('treeSize', treeSize);
  if (!Number.isSafeInteger(leafIndex) || leafIndex < 0 || leafIndex >= treeSize) throw new RangeError(`leaf ${leafIndex} is not in a tree of ${treeSize}`);
  const path: LeafRange[] = [];
  let [start, end, m] = [0, treeSize, leafIndex];
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (m < k) {
      path.push({ start: start + k, end });
      end = start + k;
    } else {
      path.push({ start, end: start + k });
      start += k;
      m -= k;
    }
  }
  return path.reverse();
}

/** RFC 9162 2.1.4.1 PROOF(m, D[n]): the ranges of the consistency proof from size m to size n. */
export function consistencyRanges(first: number, second: number): LeafRange[] {
  requireSize('first', first);
  requireSize('second', second);
  if (first > second) throw new RangeError(`first (${first}) must not exceed second (${second})`);
  if (first === 0 || first === second) return [];
  const proof: LeafRange[] = [];
  let [start, end, m, whole] = [0, second, first, true];
  for (;;) {
    const n = end - start;
    if (m === n) {
      if (!whole) proof.push({ start, end });
      break;
    }
    const k = splitPoint(n);
    if (m <= k) {
      proof.push({ start: start + k, end });
      end = start + k;
    } else {
      proof.push({ start, end: start + k });
      start += k;
      m -= k;
      whole = false;
    }
  }
  return proof.reverse();
}

export const inclusionProof = (leafIndex: number, treeSize: number, source: NodeSource): Hash[] =>
  inclusionRanges(leafIndex, treeSize).map((range) => rangeHash(range, source));

export const consistencyProof = (first: number, second: number, source: NodeSource): Hash[] =>
  consistencyRanges(first, second).map((range) => rangeHash(range, source));

/** Every node key a set of ranges needs: what a store fetches before answering a proof. */
export const nodesFor = (ranges: readonly LeafRange[]): NodeKey[] => ranges.flatMap(rangeNodes);

/** Keys of the complete subtrees that make up a tree of `size` leaves (its right edge), largest first. */
export const frontierNodes = (size: number): NodeKey[] => rangeNodes({ start: 0, end: size });

/**
 * Appends leaves to a tree whose frontier is known, returning every complete subtree the new
 * leaves complete (their level 0 nodes included), in the order they complete. `frontier` holds
 * the hashes of `frontierNodes(size)`. This is all an incremental store has to write.
 */
export function appendLeaves(size: number, frontier: ReadonlyMap<string, Hash>, leaves: readonly Hash[]): Array<NodeKey & { hash: Hash }> {
  const known = new Map(frontier);
  const created: Array<NodeKey & { hash: Hash }> = [];
  let n = size;
  for (const leaf of leaves) {
    let node = { level: 0, index: n, hash: leaf };
    created.push(node);
    known.set(nodeKeyString(node), leaf);
    // A right child completes its parent: climb while the node is one.
    while (node.index % 2 === 1) {
      const left = known.get(nodeKeyString({ level: node.level, index: node.index - 1 }));
      if (!left) throw new RangeError(`frontier lacks node (${node.level}, ${node.index - 1})`);
      node = { level: node.level + 1, index: (node.index - 1) / 2, hash: hashChildren(left, node.hash) };
      created.push(node);
      known.set(nodeKeyString(node), node.hash);
    }
    n += 1;
  }
  return created;
}

export const nodeKeyString = ({ level, index }: NodeKey) => `${level}:${index}`;

/** RFC 9162 2.1.3.2: does `proof` show `leafHash` at `leafIndex` in the tree of `treeSize` with `rootHash`? */
export function verifyInclusion(leafIndex: number, treeSize: number, leafHash: Uint8Array, proof: readonly Uint8Array[], rootHash: Uint8Array): boolean {
  if (!Number.isSafeInteger(leafIndex) || !Number.isSafeInteger(treeSize) || leafIndex < 0 || leafIndex >= treeSize) return false;
  if (!areProofHashes(leafHash, rootHash, ...proof)) return false;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r: Uint8Array = leafHash;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = hashChildren(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = hashChildren(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && Buffer.from(r).equals(Buffer.from(rootHash));
}

/**
 * RFC 9162 2.1.4.2: does `proof` show the tree of `first` leaves (root `firstHash`) is a prefix of
 * the tree of `second` leaves (root `secondHash`)? Equal sizes need an empty proof and the same
 * roots, byte for byte (nothing is hashed, so there is no length to check). From the empty tree
 * there is nothing to prove, and RFC 9162 defines no such proof: it is refused, the empty tree
 * against itself too, as transparency-dev/merkle's corpus expects, so a caller holding no earlier
 * checkpoint cannot take a 'consistent' answer for one. Every hash a proof hashes is 32 bytes.
 */
export function verifyConsistency(first: number, second: number, firstHash: Uint8Array, secondHash: Uint8Array, proof: readonly Uint8Array[]): boolean {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first <= 0 || first > second) return false;
  const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
  if (first === second) return proof.length === 0 && same(firstHash, secondHash);
  if (!areProofHashes(firstHash, secondHash, ...proof)) return false;
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstHash, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr: Uint8Array = path[0]!;
  let sr: Uint8Array = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = hashChildren(c, fr);
      sr = hashChildren(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = hashChildren(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return same(fr, firstHash) && same(sr, secondHash) && sn === 0;
}

/** A whole tree in memory from its leaf hashes: a NodeSource for tests and for a verifier holding every leaf. */
export function memoryNodeSource(leafHashes: readonly Hash[]): NodeSource {
  const levels: Hash[][] = [leafHashes.slice()];
  while (levels.at(-1)!.length > 1) {
    const below = levels.at(-1)!;
    const level: Hash[] = [];
    for (let i = 0; i + 1 < below.length; i += 2) level.push(hashChildren(below[i]!, below[i + 1]!));
    levels.push(level);
  }
  return ({ level, index }) => levels[level]?.[index];
}
