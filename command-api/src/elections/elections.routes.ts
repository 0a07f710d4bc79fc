import {
  BALLOT_FOR_METHOD,
  BallotBody,
  BallotReply,
  CANDIDATE_NOT_FOUND,
  CANDIDATE_TWICE,
  CreateMainElectionReply,
  EMPTY_APPROVALS,
  EMPTY_RANKING,
  MAIN_ELECTION_EXISTS,
  MAIN_ELECTION_GROUPS,
  NOT_AN_ELECTION,
  OPINION_NOT_FOUND_ON_BALLOT,
  TOPIC_CLOSED,
  DEFAULT_ELECTION_METHOD,
  OpenMainElectionBody,
  ONLY_YOURSELF,
  RegisterCandidateBody,
  ForbiddenError,
  RegisterCandidateReply,
  TOPIC_NOT_FOUND,
  TopicIdParams,
  ValidationError,
  existingId,
  groupIdParam,
  methodOf,
  type CandidateView,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { FastifyRequest } from 'fastify';
import { idempotencyOf } from '../lib/idempotency';
import { z } from 'zod';
import { OPTION_TWICE, normalisedBallot } from './ballot-by-method';
import { SIGNED_OUT, refusal } from '../lib/refusal-docs';
import type { People } from '../lib/people';
import type { ElectionsService } from './elections-service';

/** The path's topic and the body's must name the same election. */
export const TOPIC_MISMATCH = 'The topic in the address and the topic in the body differ.';

const GroupParams = z.object({ id: groupIdParam() });
/** Optional: Fastify hands a request without a body to the schema as null, which means what no body means (plurality). */
const MainElectionBody = OpenMainElectionBody.nullable();

const MAIN_ELECTION_REFUSALS = {
  400: refusal(`\`${MAIN_ELECTION_GROUPS}\`, or a \`method\` that is not 'plurality', 'schulze' or 'approval'.`),
  401: SIGNED_OUT,
  403: refusal('The member may not take part in the group (its eligibility rule\u2019s words).'),
  404: refusal('`Group not found`.'),
  409: refusal(`\`${MAIN_ELECTION_EXISTS}\``),
};
/** The ballot route's refusals, in the order they are checked after sign-in (docs/decisions.md, Election methods). */
const BALLOT_REFUSALS = {
  400: refusal(
    [
      `\`${NOT_AN_ELECTION}\` (neither an election nor a law topic decided among its opinions);`,
      'a body without the field the topic\u2019s method takes, or with another method\u2019s:',
      ...Object.entries(BALLOT_FOR_METHOD).map(([method, message]) => `${method} \`${message}\`;`),
      `\`${EMPTY_RANKING}\`; \`${EMPTY_APPROVALS}\`; \`${CANDIDATE_TWICE}\`; \`${OPTION_TWICE}\` (an opinion or no change twice).`,
    ].join(' '),
  ),
  401: SIGNED_OUT,
  403: refusal(`\`${TOPIC_CLOSED}\` (from expiry on), or the member may not take part in the topic\u2019s group.`),
  404: refusal(
    `\`Topic not found\`, \`${CANDIDATE_NOT_FOUND}\` for any id that is not a candidate of this election, or \`${OPINION_NOT_FOUND_ON_BALLOT}\` for any id that is neither an opinion of this topic nor its own id (no change).`,
  ),
};

/** A body's userId, when given, must be the caller's own: nobody registers someone else. */
const isSelf = (bodyUserId: string | undefined, userId: string) => bodyUserId === undefined || bodyUserId.toLowerCase() === userId;

export function electionsRoutes(app: ZodRoutes, { elections, people }: { elections: ElectionsService; people: People }): void {
  app.post(
    '/api/groups/:id/main-election',
    {
      config: { access: 'member' },
      schema: {
        tags: ['elections'],
        summary: 'Open the group\u2019s main (leadership) election; the optional body chooses its counting method (default plurality)',
        description: 'The body is optional: none, `{}` and `{ "method": "plurality" }` all open a plurality election. The method is fixed at opening.',
        params: GroupParams,
        body: MainElectionBody,
        response: { 201: CreateMainElectionReply, ...MAIN_ELECTION_REFUSALS },
      },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      const groupId = request.params.id;
      const method = request.body?.method ?? DEFAULT_ELECTION_METHOD;
      // No body and plurality mean the same: one digest, so a key kept from before methods still replays.
      const meaning = method === DEFAULT_ELECTION_METHOD ? {} : { method };
      const idempotency = idempotencyOf(request, userId, 'main-election', meaning, [String(groupId)]);
      const { topic, createdAt: at, position, author } = await elections.openMainElection(userId, groupId, idempotency, method);
      return reply.status(201).send({
        position,
        election: {
          id: topic.topicId,
          title: topic.title,
          description: topic.description,
          type: topic.type,
          groupId: topic.groupId,
          createdBy: topic.createdBy,
          status: 'active',
          isMainElection: true,
          winnerId: null,
          expiresAt: topic.expiresAt,
          createdAt: at,
          updatedAt: at,
          author: await people.open(topic.createdBy, author),
          opinionCount: 0,
          canParticipate: true,
          winner: null,
          candidateCount: 0,
          method: methodOf(topic),
          quorumPercent: topic.quorumPercent ?? null,
        },
      });
    },
  );

  // Both ways in share one command (and one Idempotency-Key scope): the candidacy is the member's in that election.
  const register = async (request: FastifyRequest, userId: string, topicId: string, statement: string | undefined) => {
    const election = existingId(topicId, TOPIC_NOT_FOUND);
    const idempotency = idempotencyOf(request, userId, 'candidacy', { statement: statement ?? '' }, [election]);
    const { candidate, createdAt, position, person } = await elections.register(userId, election, statement ?? '', idempotency);
    const user = await people.open(userId, person);
    const view: CandidateView = {
      id: candidate.candidateId,
      userId,
      groupId: candidate.groupId,
      topicId: candidate.topicId,
      statement: candidate.statement,
      // Just registered: nobody can have chosen them yet.
      voteCount: 0,
      directVotes: 0,
      createdAt,
      firstName: user.firstName,
      lastName: user.lastName,
      user,
      isMyChoice: false,
      // Nobody's ballot names a candidate who was not one a moment ago: the caller's own ranks them nowhere.
      myRank: null,
    };
    return { position, candidate: view };
  };

  app.post(
    '/api/candidates',
    {
      config: { access: 'member' },
      schema: { tags: ['elections'], summary: 'Run as a candidate in an election', body: RegisterCandidateBody, response: { 201: RegisterCandidateReply } },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      if (!isSelf(request.body.userId, userId)) throw new ForbiddenError(ONLY_YOURSELF);
      return reply.status(201).send(await register(request, userId, request.body.topicId, request.body.statement));
    },
  );

  app.post(
    '/api/topics/:id/candidates',
    {
      config: { access: 'member' },
      schema: {
        tags: ['elections'],
        summary: 'Run as a candidate in this election (userId: my own)',
        params: TopicIdParams,
        body: RegisterCandidateBody,
        response: { 201: RegisterCandidateReply },
      },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      const topicId = request.params.id;
      if (existingId(request.body.topicId, TOPIC_NOT_FOUND) !== topicId) throw new ValidationError(TOPIC_MISMATCH);
      if (!isSelf(request.body.userId, userId)) throw new ForbiddenError(ONLY_YOURSELF);
      return reply.status(201).send(await register(request, userId, topicId, request.body.statement));
    },
  );

  app.post(
    '/api/topics/:id/ballot',
    {
      config: { access: 'member' },
      schema: {
        tags: ['elections'],
        summary:
          'Cast a ballot by the election\u2019s method: { candidateId } (plurality: the same again withdraws it), { ranking } (Schulze) or { approvals } (approval); on a law topic decided among its opinions, { ranking } of its opinions and its own id for no change; another field is 400',
        params: TopicIdParams,
        body: BallotBody,
        response: { 200: BallotReply, ...BALLOT_REFUSALS },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const topicId = request.params.id;
      const ballot = normalisedBallot(request.body);
      return elections.castBallot(userId, topicId, ballot, idempotencyOf(request, userId, 'ballot', ballot, [topicId]));
    },
  );
}
