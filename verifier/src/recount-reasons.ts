import { resolve, type DelegationNetwork } from '@civitas/events/delegation/weighted-tally';
import { decidesAmongOpinions, type TopicTallyState } from '@civitas/events/audit/topic-tally';

/**
 * Why a published tally differs from the recount (issue #40 item 3), in the terms of the export: the
 * weight of members who could not take part in the group at the count (a platform that counts an
 * ineligible voter), and weight that no vote or delegation in the export carries (one moved along a
 * delegation the log does not hold), or weight the export's votes carry that the tally leaves out.
 */

export interface Weights {
  weightedSupport: number;
  weightedOppose: number;
}

/** The tier a ranking puts an option in; one it does not name ranks below every tier (schulze.ts). */
const tierOf = (ranking: ReadonlyArray<ReadonlyArray<string>>, id: string) => {
  const tier = ranking.findIndex((names) => names.includes(id));
  return tier === -1 ? Number.POSITIVE_INFINITY : tier;
};

/**
 * A subject's direct choices (member -> choice) as the recount folded them, and which choice a side
 * of it counts: an opinion's votes; a plurality election's ballots (a ballot names the candidate); a
 * Schulze or approval election's ballots, each member choosing their own whole ballot, which counts
 * for a candidate it approves or ranks first (topic-tally.ts). A candidate has no oppose. A law
 * decided among its opinions (a law type with 'schulze'): each member's whole ranking, for an opinion
 * when it ranks it above no change (the topic's id), against it when it ranks no change above it.
 */
function choicesOn(
  state: TopicTallyState,
  subjectId: string,
): { choices: ReadonlyMap<string, string>; counts: (choice: string, side: 'support' | 'oppose') => boolean } {
  const own = new Map([...state.preferences.keys()].map((voter) => [voter, voter]));
  if (state.topic?.type !== 'election') {
    if (!state.topic || !decidesAmongOpinions(state.topic))
      return { choices: state.votes.get(subjectId) ?? new Map(), counts: (choice, side) => choice === side };
    const above = (voter: string, a: string, b: string) => {
      const ranking = state.preferences.get(voter) ?? [];
      return tierOf(ranking, a) < tierOf(ranking, b);
    };
    return {
      choices: own,
      counts: (voter, side) => (side === 'support' ? above(voter, subjectId, state.topicId) : above(voter, state.topicId, subjectId)),
    };
  }
  if ((state.topic.method ?? 'plurality') === 'plurality')
    return { choices: state.ballots, counts: (choice, side) => side === 'support' && choice === subjectId };
  return { choices: own, counts: (voter, side) => side === 'support' && (state.preferences.get(voter)?.[0] ?? []).includes(subjectId) };
}

/** Everyone whose weight could reach the subject: who chose, who delegates, who is delegated to. */
const membersOf = (state: TopicTallyState, choices: ReadonlyMap<string, string>) =>
  new Set([...choices.keys(), ...state.delegates.keys(), ...state.delegates.values()]);

/** The reasons, one line per side that differs; empty when nothing differs. */
export function recountReasons(state: TopicTallyState, network: DelegationNetwork, subjectId: string, recount: Weights, published: Weights): string[] {
  const { choices, counts } = choicesOn(state, subjectId);
  const everyoneEligible: DelegationNetwork = { ...network, isEligible: () => true };
  const reasons: string[] = [];
  for (const side of ['support', 'oppose'] as const) {
    const key = side === 'support' ? 'weightedSupport' : 'weightedOppose';
    const difference = published[key] - recount[key];
    if (difference === 0) continue;
    if (difference < 0) {
      reasons.push(`the published ${side} leaves out ${-difference} that the export\u2019s votes and delegations carry`);
      continue;
    }
    // Whose weight would reach this side if eligibility were not asked: the members the rule left out.
    const leftOut: string[] = [];
    for (const memberId of membersOf(state, choices)) {
      const counted = resolve(network, choices, memberId);
      if (counted.kind !== 'abstained' || counted.reason !== 'ineligible') continue;
      const ignoringEligibility = resolve(everyoneEligible, choices, memberId);
      if (ignoringEligibility.kind !== 'abstained' && counts(ignoringEligibility.choice, side)) leftOut.push(memberId);
    }
    // The export alone cannot tell which: weight the rule left out, or a delegation or vote it does not hold.
    const excess = `${difference} of the published ${side} is carried by no counted vote or delegation in the export`;
    const listed = `${leftOut.slice(0, 5).join(', ')}${leftOut.length > 5 ? ', \u2026' : ''}`;
    reasons.push(
      leftOut.length > 0
        ? `${excess}; members who could not take part in the group at the count would give up to ${Math.min(difference, leftOut.length)} of it (${listed})`
        : excess,
    );
  }
  return reasons;
}
