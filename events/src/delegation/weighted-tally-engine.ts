import { resolve, type Choice, type DelegationNetwork, type DirectChoices } from './weighted-tally';

/**
 * The incremental form of the weighted tally (`recount` in weighted-tally.ts is the definition).
 *
 * A change at one member m (their direct choice, their delegate, their eligibility) can only move
 * the weight of members whose chain passes through m: the catchment C(m), that is m plus every
 * member whose chain reaches m before meeting a direct chooser or an ineligible member. C(m) does
 * not depend on m's own state, and every member of C(m) ends where m's own resolution ends (m's
 * choice, the choice m's chain joins, or nowhere). So the change moves |C(m)| weight from m's old
 * outcome to the new one (an ineligible m abstains, so its catchment moves nothing). The property
 * tests check this against `recount` after every step.
 */

/** How a change moves a tally: choice -> added weight (negative to remove); zero entries are left out. */
export type WeightedDelta = Map<Choice, number>;

/** The choice the member's weight reaches on this subject, or undefined when it abstains. */
export function outcomeOf(network: DelegationNetwork, choices: DirectChoices, memberId: string): Choice | undefined {
  const resolution = resolve(network, choices, memberId);
  return resolution.kind === 'abstained' ? undefined : resolution.choice;
}

/**
 * |C(m)|: the member plus every member whose chain reaches them through eligible members who did
 * not choose directly. A reverse walk over `delegatorsOf`; O(|C(m)|).
 */
export function catchmentSize(network: DelegationNetwork, choices: DirectChoices, memberId: string): number {
  const seen = new Set<string>([memberId]);
  const stack = [memberId];
  while (stack.length > 0) {
    for (const delegator of network.delegatorsOf(stack.pop()!)) {
      if (seen.has(delegator) || choices.has(delegator) || !network.isEligible(delegator)) continue;
      seen.add(delegator);
      stack.push(delegator);
    }
  }
  return seen.size;
}

/** Adds `weight` to `delta[choice]`, dropping entries that come back to zero. */
function move(delta: WeightedDelta, choice: Choice | undefined, weight: number): void {
  if (choice === undefined || weight === 0) return;
  const next = (delta.get(choice) ?? 0) + weight;
  if (next === 0) delta.delete(choice);
  else delta.set(choice, next);
}

/**
 * The tally changes on several subjects of one group caused by one change at one member.
 * `mutate` applies the change (to the network, or to one of the `subjects` maps) and must touch
 * nothing but that member's own state: their delegate, their eligibility, their direct choice.
 * Cost per subject: the member's chain before and after, plus O(|C(m)|) only when the outcome moves.
 */
export function changeAtMany(network: DelegationNetwork, subjects: readonly DirectChoices[], memberId: string, mutate: () => void): WeightedDelta[] {
  const before = subjects.map((choices) => outcomeOf(network, choices, memberId));
  mutate();
  return subjects.map((choices, index) => {
    const delta: WeightedDelta = new Map();
    const after = outcomeOf(network, choices, memberId);
    if (after === before[index]) return delta;
    // Only m's own state changed, so C(m) measured now is the same as before the change.
    const weight = catchmentSize(network, choices, memberId);
    move(delta, before[index], -weight);
    move(delta, after, weight);
    return delta;
  });
}

/** The tally change on one subject caused by one change at one member (see `changeAtMany`). */
export function changeAt(network: DelegationNetwork, choices: DirectChoices, memberId: string, mutate: () => void): WeightedDelta {
  return changeAtMany(network, [choices], memberId, mutate)[0]!;
}

/** Adds a delta into a tally in place (entries that reach zero are removed). */
export function applyDelta(tally: Map<Choice, number>, delta: WeightedDelta): Map<Choice, number> {
  for (const [choice, weight] of delta) move(tally, choice, weight);
  return tally;
}

/** The weight a member carries in a group, whatever anyone chose on any subject. */
export interface CarriedWeightCount {
  /**
   * What the member's direct vote would count now: themselves plus every eligible member whose chain
   * reaches them through eligible members; 0 when the member is ineligible (their chain stops there).
   */
  weight: number;
  /** How many of those are other members (direct and transitive delegators). */
  delegators: number;
  /** Eligible members whose active delegate is this member. */
  directDelegators: number;
}

/**
 * What a delegate carries in the group before anyone votes: C(m) ignoring direct choices. On a
 * subject a delegator who chose directly keeps their own weight, so this is an upper bound there.
 */
export function carriedWeight(network: DelegationNetwork, memberId: string): CarriedWeightCount {
  const size = catchmentSize(network, NO_CHOICES, memberId);
  let directDelegators = 0;
  for (const delegator of network.delegatorsOf(memberId)) if (delegator !== memberId && network.isEligible(delegator)) directDelegators += 1;
  return { weight: network.isEligible(memberId) ? size : 0, delegators: size - 1, directDelegators };
}

const NO_CHOICES: DirectChoices = new Map();

/**
 * One group's delegation graph in memory: each member's delegate and the reverse sets. Eligibility
 * comes from the callback given, so the owner decides where it is kept (a set in tests, a cache
 * of the read models in the projection).
 */
export class GroupGraph implements DelegationNetwork {
  private readonly delegates = new Map<string, string>();
  private readonly delegators = new Map<string, Set<string>>();

  constructor(private readonly eligibility: (memberId: string) => boolean) {}

  delegateOf(memberId: string): string | undefined {
    return this.delegates.get(memberId);
  }

  delegatorsOf(memberId: string): Iterable<string> {
    return this.delegators.get(memberId) ?? EMPTY;
  }

  isEligible(memberId: string): boolean {
    return this.eligibility(memberId);
  }

  /** Sets (or with undefined, removes) the member's delegate. Self-delegation is refused upstream; here it is simply a cycle. */
  setDelegate(memberId: string, delegateId: string | undefined): void {
    const previous = this.delegates.get(memberId);
    if (previous === delegateId) return;
    if (previous !== undefined) {
      const set = this.delegators.get(previous)!;
      set.delete(memberId);
      if (set.size === 0) this.delegators.delete(previous);
    }
    if (delegateId === undefined) {
      this.delegates.delete(memberId);
      return;
    }
    this.delegates.set(memberId, delegateId);
    let set = this.delegators.get(delegateId);
    if (!set) this.delegators.set(delegateId, (set = new Set()));
    set.add(memberId);
  }

  /** Every member with a delegate or a delegator (with the direct choosers, enough for `recount`). */
  *members(): Iterable<string> {
    yield* this.delegates.keys();
    for (const [delegateId] of this.delegators) if (!this.delegates.has(delegateId)) yield delegateId;
  }

  /** Whether the member has an active delegation in or out in this group. */
  hasEdges(memberId: string): boolean {
    return this.delegates.has(memberId) || this.delegators.has(memberId);
  }

  get delegationCount(): number {
    return this.delegates.size;
  }
}

const EMPTY: readonly string[] = [];
