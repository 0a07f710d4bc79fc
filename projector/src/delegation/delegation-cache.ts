import { GroupGraph, LruMap, participationRefusal, type Choice, type Department } from '@civitas/events';
import type { TallySubjectKind } from './delegation.table';

/**
 * The `delegation` projection's working state in memory, per read-model schema: each group's
 * delegation graph with the eligibility of the members who matter there, and each open subject's
 * direct choices and weighted tally. Loaded lazily from the projection's own tables; kept across
 * batches only while it is known to match them (see `DelegationCaches.for`).
 */

export interface Standing {
  isSubscribed: boolean;
  /** verificationId -> countryKey of each approved verification. */
  approved: Record<string, string>;
}

export interface GroupInfo {
  department: Department;
  subcategory: string | null;
}

export interface Membership {
  isLeader: boolean;
}

/** Country keys of the approved verifications, sorted and without repeats (stored that way, so rebuilds match). */
export const verifiedKeys = (standing: Standing | null | undefined): string[] => [...new Set(Object.values(standing?.approved ?? {}))].sort();

/** Section 5 eligibility from what the projection knows; an unknown group lets nobody take part. */
export function isEligible(info: GroupInfo | null, standing: Standing | null, membership: Membership | null): boolean {
  if (!info) return false;
  return (
    participationRefusal(info, {
      isSubscribed: standing?.isSubscribed ?? false,
      verifiedCountryKeys: verifiedKeys(standing),
      membership,
    }) === null
  );
}

/** One opinion or election that is not final: members' direct choices and the weighted tally. */
export class SubjectState {
  readonly choices = new Map<string, Choice>();
  /** choice -> weight; entries at zero are left out (their rows stay, at 0). */
  readonly tally = new Map<Choice, number>();
  constructor(
    readonly id: string,
    readonly kind: TallySubjectKind,
    readonly topicId: string,
    readonly groupId: number,
  ) {}
}

/**
 * A loaded group: the whole graph of active delegations, every open subject of the group, and the
 * eligibility of every member with a delegation in or out or a choice on one of those subjects
 * (so the engine's synchronous `isEligible` always has an answer for the members it visits).
 */
export class GroupState {
  readonly eligible = new Map<string, boolean>();
  readonly graph = new GroupGraph((memberId) => this.eligible.get(memberId) === true);
  /** delegatorId -> id of their active delegation here. */
  readonly activeDelegation = new Map<string, string>();
  readonly subjects = new Map<string, SubjectState>();
  constructor(readonly groupId: number) {}
}

const UNKNOWN = Symbol('unknown position');

export class SchemaCache {
  /** The position of the projection's progress row this state matches; UNKNOWN after a failure. */
  position: string | null | typeof UNKNOWN = null;
  readonly standings = new Map<string, Standing | null>();
  readonly groupInfos = new Map<number, GroupInfo | null>();
  /** `${groupId}:${userId}` -> current membership, or null when not a member. */
  readonly memberships = new Map<string, Membership | null>();
  readonly groups = new Map<number, GroupState>();

  /** Starts over empty (an empty cache matches any state of the tables). */
  reset(position: string | null | typeof UNKNOWN = UNKNOWN): void {
    this.standings.clear();
    this.groupInfos.clear();
    this.memberships.clear();
    this.groups.clear();
    this.position = position;
  }

  /** After a failure nothing in memory can be trusted to match the tables. */
  invalidate(): void {
    this.reset(UNKNOWN);
  }

  /** Point lookups only: drops what is cheap to read again once it grows past `limit` entries. */
  trim(limit: number): void {
    if (this.standings.size > limit) this.standings.clear();
    if (this.memberships.size > limit) this.memberships.clear();
  }
}

/** One cache per schema: the live read models, a rebuild's scratch schema, each spec run's schema. */
export class DelegationCaches {
  private readonly caches = new LruMap<string, SchemaCache>(8);

  /**
   * The cache for a schema, valid for the tables' state at `position` (the progress row read
   * inside the batch transaction). A cache that was left at another position (a batch rolled back
   * after it applied, another writer, a failure) starts over empty.
   */
  for(schema: string, position: string | null): SchemaCache {
    let cache = this.caches.get(schema);
    if (!cache) this.caches.set(schema, (cache = new SchemaCache()));
    if (cache.position !== position) cache.reset(position);
    return cache;
  }

  /** New tables: whatever was kept for that schema is gone. */
  forget(schema: string): void {
    this.caches.delete(schema);
  }
}
