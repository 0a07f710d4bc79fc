import {
  BALLOT_FOR_METHOD,
  CANDIDATE_NOT_FOUND,
  CANDIDATE_TWICE,
  EMPTY_APPROVALS,
  EMPTY_RANKING,
  NotFoundError,
  OPINION_NOT_FOUND_ON_BALLOT,
  ValidationError,
  type BallotBody,
} from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, expect, it } from 'vitest';
import { OPTION_TWICE, ballotFor, normalisedBallot } from './ballot-by-method';
import { preferenceBallotDecider } from './preference-ballot.decider';

const target = { topicId: '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f', groupId: 1682, userId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d' };
const [a, b, c] = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'];
const stranger = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const candidates = new Set([a, b, c]);
const spec = deciderSpec(preferenceBallotDecider);

const ranked = (ranking: string[][]) => ({ type: 'RankedBallotCast' as const, data: { ...target, ranking } });
const approved = (approvals: string[]) => ({ type: 'ApprovalBallotCast' as const, data: { ...target, approvals } });
const rank = (ballot: BallotBody) => ({ type: 'castPreferences' as const, target, method: 'schulze' as const, ballot, candidates });
const approve = (ballot: BallotBody) => ({ type: 'castPreferences' as const, target, method: 'approval' as const, ballot, candidates });

describe('ranked ballot decider (Schulze: the whole ranking, replaced whole)', () => {
  it('casts a first ranking as given, ties and all', () =>
    spec
      .given([])
      .when(rank({ ranking: [[b], [a, c]] }))
      .then([ranked([[b], [a, c]])]));
  it('replaces the standing ranking with another', () =>
    spec
      .given([ranked([[b], [a, c]])])
      .when(rank({ ranking: [[c], [a]] }))
      .then([ranked([[c], [a]])]));
  it('appends nothing for the same ranking again, a tier\u2019s order aside (it is no preference)', () => {
    spec
      .given([ranked([[b], [a, c]])])
      .when(rank({ ranking: [[b], [a, c]] }))
      .then([]);
    spec
      .given([ranked([[b], [a, c]])])
      .when(rank({ ranking: [[b], [c, a]] }))
      .then([]);
    // Another order of the tiers is another ballot.
    spec
      .given([ranked([[b], [a, c]])])
      .when(rank({ ranking: [[a, c], [b]] }))
      .then([ranked([[a, c], [b]])]);
    // Naming fewer is another ballot too (the unnamed rank last).
    spec
      .given([ranked([[b], [a, c]])])
      .when(rank({ ranking: [[b], [a]] }))
      .then([ranked([[b], [a]])]);
  });
  it('refuses another method\u2019s field, none, or two fields, with the words of its own', () => {
    for (const ballot of [{ candidateId: a }, { approvals: [a] }, {}, { ranking: [[a]], candidateId: a }])
      spec.given([]).when(rank(ballot)).thenThrows(ValidationError, BALLOT_FOR_METHOD.schulze);
  });
  it('refuses an empty ranking, a candidate twice (in one tier or two), and ids that are not this election\u2019s candidates', () => {
    spec
      .given([])
      .when(rank({ ranking: [] }))
      .thenThrows(ValidationError, EMPTY_RANKING);
    spec
      .given([])
      .when(rank({ ranking: [[a], [b, a]] }))
      .thenThrows(ValidationError, CANDIDATE_TWICE);
    spec
      .given([])
      .when(rank({ ranking: [[a, a]] }))
      .thenThrows(ValidationError, CANDIDATE_TWICE);
    spec
      .given([])
      .when(rank({ ranking: [[a], [stranger]] }))
      .thenThrows(NotFoundError, CANDIDATE_NOT_FOUND);
    spec
      .given([])
      .when(rank({ ranking: [['not-an-id']] }))
      .thenThrows(NotFoundError, CANDIDATE_NOT_FOUND);
  });
});

describe('approval ballot decider (any number approved, replaced whole)', () => {
  it('casts, replaces, and appends nothing for the same approvals in any order', () => {
    spec
      .given([])
      .when(approve({ approvals: [c, a] }))
      .then([approved([c, a])]);
    spec
      .given([approved([c, a])])
      .when(approve({ approvals: [b] }))
      .then([approved([b])]);
    spec
      .given([approved([c, a])])
      .when(approve({ approvals: [a, c] }))
      .then([]);
    spec
      .given([approved([c, a])])
      .when(approve({ approvals: [a, b, c] }))
      .then([approved([a, b, c])]);
  });
  it('refuses another method\u2019s field, an empty list, a candidate twice and strangers', () => {
    for (const ballot of [{ candidateId: a }, { ranking: [[a]] }, {}])
      spec.given([]).when(approve(ballot)).thenThrows(ValidationError, BALLOT_FOR_METHOD.approval);
    spec
      .given([])
      .when(approve({ approvals: [] }))
      .thenThrows(ValidationError, EMPTY_APPROVALS);
    spec
      .given([])
      .when(approve({ approvals: [a, b, a] }))
      .thenThrows(ValidationError, CANDIDATE_TWICE);
    spec
      .given([approved([a])])
      .when(approve({ approvals: [a, stranger] }))
      .thenThrows(NotFoundError, CANDIDATE_NOT_FOUND);
  });
});

describe('ranked ballot over a topic\u2019s opinions (a law topic decided among them, issue #34 item 2)', () => {
  // The options: no change (the topic's own id) and the opinions a and b; c is an opinion of another topic.
  const noChange = target.topicId;
  const options = new Set([noChange, a, b]);
  const rankOpinions = (ballot: BallotBody) => ({ type: 'castPreferences' as const, target, method: 'rankedOpinions' as const, ballot, candidates: options });

  it('casts a ranking of opinions and no change, replaces it whole, and appends nothing for the same one again', () => {
    spec
      .given([])
      .when(rankOpinions({ ranking: [[b], [noChange], [a]] }))
      .then([ranked([[b], [noChange], [a]])]);
    // No change left unnamed ranks below every named opinion; ties with it are a tier like any other.
    spec
      .given([ranked([[b], [noChange], [a]])])
      .when(rankOpinions({ ranking: [[a, b]] }))
      .then([ranked([[a, b]])]);
    spec
      .given([ranked([[b], [noChange], [a]])])
      .when(rankOpinions({ ranking: [[b], [a, noChange]] }))
      .then([ranked([[b], [a, noChange]])]);
    spec
      .given([ranked([[b], [a, noChange]])])
      .when(rankOpinions({ ranking: [[b], [noChange, a]] }))
      .then([]);
    // Ranking no change alone first is a ballot too: every opinion below it.
    spec
      .given([])
      .when(rankOpinions({ ranking: [[noChange]] }))
      .then([ranked([[noChange]])]);
  });

  it('refuses another field, an empty ranking, an option twice, and ids that are neither its opinions nor no change, with the opinions\u2019 words', () => {
    for (const ballot of [{ candidateId: a }, { approvals: [a] }, {}, { ranking: [[a]], approvals: [a] }])
      spec.given([]).when(rankOpinions(ballot)).thenThrows(ValidationError, BALLOT_FOR_METHOD.rankedOpinions);
    spec
      .given([])
      .when(rankOpinions({ ranking: [] }))
      .thenThrows(ValidationError, EMPTY_RANKING);
    spec
      .given([])
      .when(rankOpinions({ ranking: [[a], [noChange, a]] }))
      .thenThrows(ValidationError, OPTION_TWICE);
    spec
      .given([])
      .when(rankOpinions({ ranking: [[noChange], [noChange]] }))
      .thenThrows(ValidationError, OPTION_TWICE);
    for (const stray of [c, stranger, 'not-an-id'])
      spec
        .given([ranked([[a]])])
        .when(rankOpinions({ ranking: [[a], [stray]] }))
        .thenThrows(NotFoundError, OPINION_NOT_FOUND_ON_BALLOT);
  });
});

describe('a ballot read by its method', () => {
  it('takes a plurality ballot\u2019s one candidate, and nothing else', () => {
    expect(ballotFor('plurality', { candidateId: a })).toEqual({ method: 'plurality', candidateId: a });
    for (const ballot of [{}, { ranking: [[a]] }, { approvals: [a] }, { candidateId: a, approvals: [a] }])
      expect(() => ballotFor('plurality', ballot)).toThrow(BALLOT_FOR_METHOD.plurality);
  });
  it('lower-cases every id, so two spellings of one candidate are one', () => {
    expect(normalisedBallot({ ranking: [[a.toUpperCase()], [b]], approvals: [c.toUpperCase()], candidateId: a.toUpperCase() })).toEqual({
      candidateId: a,
      ranking: [[a], [b]],
      approvals: [c],
    });
    expect(normalisedBallot({ approvals: [a] })).toEqual({ approvals: [a] });
    expect(() => ballotFor('approval', normalisedBallot({ approvals: [a, a.toUpperCase()] }))).toThrow(CANDIDATE_TWICE);
  });
});
