import { BALLOT_FOR_METHOD, CANDIDATE_TWICE, EMPTY_APPROVALS, EMPTY_RANKING, ValidationError, type BallotBody } from '@civitas/events';

/**
 * How a ballot is read: by its election's method, or `rankedOpinions` for a law amendment or dispute
 * resolution decided among its opinions (issue #34 item 2): a ranking of its opinions and of the
 * topic's own id for "no change".
 */
export type BallotMethod = keyof typeof BALLOT_FOR_METHOD;

/** A ballot as its topic's method takes it (issue #34; docs/decisions.md, Election methods). */
export type MethodBallot =
  { method: 'plurality'; candidateId: string } | { method: 'schulze' | 'rankedOpinions'; ranking: string[][] } | { method: 'approval'; approvals: string[] };

/** An option twice on a ranking of opinions (a candidate twice keeps CANDIDATE_TWICE). */
export const OPTION_TWICE = 'An option can appear only once on a ballot.';

const FIELD_OF = { plurality: 'candidateId', schulze: 'ranking', rankedOpinions: 'ranking', approval: 'approvals' } as const satisfies Record<
  BallotMethod,
  keyof BallotBody
>;
const FIELDS = [...new Set(Object.values(FIELD_OF))];

/**
 * The body read by the topic's method: exactly the field that method takes (another one, or none,
 * is BALLOT_FOR_METHOD[method]), not empty, each id once. Whether the ids are the election's
 * candidates (or the topic's opinions) is the decider's question (it holds them); ids arrive
 * normalised (lower case).
 */
export function ballotFor<Method extends BallotMethod>(method: Method, body: BallotBody): Extract<MethodBallot, { method: Method }> {
  const given = FIELDS.filter((field) => body[field] !== undefined);
  if (given.length !== 1 || given[0] !== FIELD_OF[method]) throw new ValidationError(BALLOT_FOR_METHOD[method]);
  const ballot = (
    method === 'plurality'
      ? { method, candidateId: body.candidateId! }
      : method === 'approval'
        ? { method, approvals: body.approvals! }
        : { method, ranking: body.ranking! }
  ) as Extract<MethodBallot, { method: Method }>;
  if (ballot.method === 'plurality') return ballot;
  const ids = candidatesNamed(ballot);
  if (ids.length === 0) throw new ValidationError(ballot.method === 'approval' ? EMPTY_APPROVALS : EMPTY_RANKING);
  if (new Set(ids).size !== ids.length) throw new ValidationError(ballot.method === 'rankedOpinions' ? OPTION_TWICE : CANDIDATE_TWICE);
  return ballot;
}

/** Every id a ballot names (candidates, or opinions and no change), in its order. */
export function candidatesNamed(ballot: MethodBallot): string[] {
  switch (ballot.method) {
    case 'plurality':
      return [ballot.candidateId];
    case 'schulze':
    case 'rankedOpinions':
      return ballot.ranking.flat();
    case 'approval':
      return ballot.approvals;
  }
}

/** The body's ids in lower case (as `existingId` stores a plurality choice), so two spellings of one id are one candidate. */
export function normalisedBallot(body: BallotBody): BallotBody {
  const lower = (id: string) => id.toLowerCase();
  return {
    ...(body.candidateId !== undefined ? { candidateId: lower(body.candidateId) } : {}),
    ...(body.ranking !== undefined ? { ranking: body.ranking.map((tier) => tier.map(lower)) } : {}),
    ...(body.approvals !== undefined ? { approvals: body.approvals.map(lower) } : {}),
  };
}
