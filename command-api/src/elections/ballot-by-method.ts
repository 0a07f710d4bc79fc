import { BALLOT_FOR_METHOD, CANDIDATE_TWICE, EMPTY_APPROVALS, EMPTY_RANKING, ValidationError, type BallotBody, type ElectionMethod } from '@civitas/events';

/** A ballot as its election's method takes it (issue #34; docs/decisions.md, Election methods). */
export type MethodBallot =
  { method: 'plurality'; candidateId: string } | { method: 'schulze'; ranking: string[][] } | { method: 'approval'; approvals: string[] };

const FIELD_OF = { plurality: 'candidateId', schulze: 'ranking', approval: 'approvals' } as const satisfies Record<ElectionMethod, keyof BallotBody>;
const FIELDS = Object.values(FIELD_OF);

/**
 * The body read by the election's method: exactly the field that method takes (another one, or
 * none, is BALLOT_FOR_METHOD[method]), not empty, each candidate once. Whether the ids are the
 * election's candidates is the decider's question (it holds them); ids arrive normalised (lower case).
 */
export function ballotFor<Method extends ElectionMethod>(method: Method, body: BallotBody): Extract<MethodBallot, { method: Method }> {
  const given = FIELDS.filter((field) => body[field] !== undefined);
  if (given.length !== 1 || given[0] !== FIELD_OF[method]) throw new ValidationError(BALLOT_FOR_METHOD[method]);
  const ballot = (
    method === 'plurality'
      ? { method, candidateId: body.candidateId! }
      : method === 'schulze'
        ? { method, ranking: body.ranking! }
        : { method, approvals: body.approvals! }
  ) as Extract<MethodBallot, { method: Method }>;
  if (ballot.method === 'plurality') return ballot;
  const ids = candidatesNamed(ballot);
  if (ids.length === 0) throw new ValidationError(method === 'schulze' ? EMPTY_RANKING : EMPTY_APPROVALS);
  if (new Set(ids).size !== ids.length) throw new ValidationError(CANDIDATE_TWICE);
  return ballot;
}

/** Every candidate id a ballot names, in its order. */
export function candidatesNamed(ballot: MethodBallot): string[] {
  switch (ballot.method) {
    case 'plurality':
      return [ballot.candidateId];
    case 'schulze':
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
