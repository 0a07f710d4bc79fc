/**
 * The weighted (official) tally of liquid delegation (docs/product.md, Voting and
 * delegation), as one pure rule. A subject is anything members choose on in a group: an opinion
 * (choices 'support' / 'oppose') or an election (choices are candidate ids).
 *
 * A member who has not chosen directly lends their weight along their delegation chain in the
 * group to the first member on it who chose directly; a direct choice always overrides; a cycle
 * or a chain that ends without a direct choice abstains; only members eligible in the group carry
 * weight: an ineligible member lends nothing, and a chain that reaches one stops there.
 *
 * `resolve` and `recount` are the plain definition (a receipt, a topic's closing count, the oracle
 * of the property tests); the incremental engine must always agree with `recount`.
 */

export type Choice = string;

/** One group's delegation graph and who may take part in it. */
export interface DelegationNetwork {
  /** The member's active delegate in the group, if any. */
  delegateOf(memberId: string): string | undefined;
  /** Members whose active delegate is this member. */
  delegatorsOf(memberId: string): Iterable<string>;
  /** Whether the member may take part in the group (docs/product.md, Eligibility). */
  isEligible(memberId: string): boolean;
}

/** Each member's direct choice on one subject. */
export type DirectChoices = ReadonlyMap<string, Choice>;

export type AbstainReason = 'ineligible' | 'cycle' | 'no_direct_vote';

/** Where one member's weight goes on one subject; `path` starts with the member. */
export type Resolution =
  | { kind: 'direct'; choice: Choice; path: string[] }
  | { kind: 'delegated'; choice: Choice; path: string[] }
  | { kind: 'abstained'; reason: AbstainReason; path: string[] };

/** Where the member's weight goes: their own choice, the choice their chain joins, or nowhere and why. */
export function resolve(network: DelegationNetwork, choices: DirectChoices, memberId: string): Resolution {
  const path = [memberId];
  if (!network.isEligible(memberId)) return { kind: 'abstained', reason: 'ineligible', path };
  const own = choices.get(memberId);
  if (own !== undefined) return { kind: 'direct', choice: own, path };
  const seen = new Set(path);
  for (let current = network.delegateOf(memberId); ; current = network.delegateOf(current)) {
    if (current === undefined) return { kind: 'abstained', reason: 'no_direct_vote', path };
    path.push(current);
    if (seen.has(current)) return { kind: 'abstained', reason: 'cycle', path };
    if (!network.isEligible(current)) return { kind: 'abstained', reason: 'ineligible', path };
    const choice = choices.get(current);
    if (choice !== undefined) return { kind: 'delegated', choice, path };
    seen.add(current);
  }
}

/**
 * The weighted tally by the definition: every member of `members` (duplicates count once) adds
 * one to the choice their weight reaches. Members outside the graph who chose nothing abstain, so
 * `members` need only hold direct choosers and everyone with a delegate.
 */
export function recount(network: DelegationNetwork, choices: DirectChoices, members: Iterable<string>): Map<Choice, number> {
  const tally = new Map<Choice, number>();
  for (const memberId of new Set(members)) {
    const resolution = resolve(network, choices, memberId);
    if (resolution.kind !== 'abstained') tally.set(resolution.choice, (tally.get(resolution.choice) ?? 0) + 1);
  }
  return tally;
}
