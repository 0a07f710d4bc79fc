import { CANDIDATE_NOT_FOUND, NotFoundError, OPINION_NOT_FOUND_ON_BALLOT, type BallotBody, type Decider, type PreferenceBallotEvent } from '@civitas/events';
import { ballotFor, candidatesNamed, type MethodBallot } from './ballot-by-method';
import type { BallotTarget } from './ballot.decider';

export type CastPreferences = {
  type: 'castPreferences';
  target: BallotTarget;
  /** The election's method, from its TopicCreated; `rankedOpinions` for a law topic decided among its opinions. */
  method: 'schulze' | 'approval' | 'rankedOpinions';
  /** The body as sent, ids in lower case. */
  ballot: BallotBody;
  /**
   * The ids the ballot may name: the election's candidates (from their candidacy streams), or the
   * topic's own id (no change) and those of the named ids that are its opinions (from their opinion streams).
   */
  candidates: ReadonlySet<string>;
};
/** The member's standing ballot: their ranking, or their approvals. */
export interface PreferenceBallotState {
  ranking: string[][] | null;
  approvals: string[] | null;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** The same ballot in meaning: the same tiers in the same order (a tier's order is no preference), or the same approvals. */
function standsAlready(state: PreferenceBallotState, ballot: MethodBallot): boolean {
  if (ballot.method === 'schulze' || ballot.method === 'rankedOpinions')
    return state.ranking !== null && state.ranking.length === ballot.ranking.length && ballot.ranking.every((tier, at) => sameSet(tier, state.ranking![at]!));
  return ballot.method === 'approval' && state.approvals !== null && sameSet(state.approvals, ballot.approvals);
}

/**
 * `ballot-{topicId}-{userId}` in a Schulze or an approval election (issue #34 item 1), or in a law
 * topic decided among its opinions (item 2; docs/decisions.md, Election methods): the member's whole
 * ranking or approvals, each new one replacing the one before. The same ballot again appends nothing
 * (there is no withdrawal of these ballots), so a repeated click leaves one leaf. Plurality ballots
 * keep their own decider (ballot.decider.ts).
 */
export const preferenceBallotDecider: Decider<CastPreferences, PreferenceBallotEvent, PreferenceBallotState> = {
  initialState: () => ({ ranking: null, approvals: null }),
  evolve: (_state, event) =>
    event.type === 'RankedBallotCast' ? { ranking: event.data.ranking, approvals: null } : { ranking: null, approvals: event.data.approvals },
  decide: (command, state) => {
    const ballot = ballotFor(command.method, command.ballot);
    if (candidatesNamed(ballot).some((id) => !command.candidates.has(id)))
      throw new NotFoundError(ballot.method === 'rankedOpinions' ? OPINION_NOT_FOUND_ON_BALLOT : CANDIDATE_NOT_FOUND);
    if (standsAlready(state, ballot)) return [];
    const { target } = command;
    return [
      ballot.method === 'approval'
        ? { type: 'ApprovalBallotCast', data: { ...target, approvals: ballot.approvals } }
        : { type: 'RankedBallotCast', data: { ...target, ranking: ballot.ranking } },
    ];
  },
};
