import {
  BallotBody,
  BallotReply,
  CANDIDATE_NOT_FOUND,
  CreateMainElectionReply,
  ONLY_YOURSELF,
  RegisterCandidateBody,
  ForbiddenError,
  RegisterCandidateReply,
  TOPIC_NOT_FOUND,
  TopicIdParams,
  ValidationError,
  existingId,
  groupIdParam,
  type CandidateView,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { FastifyRequest } from 'fastify';
import { idempotencyOf } from '../lib/idempotency';
import { z } from 'zod';
import type { People } from '../lib/people';
import type { ElectionsService } from './elections-service';

/** The path's topic and the body's must name the same election. */
export const TOPIC_MISMATCH = 'The topic in the address and the topic in the body differ.';

const GroupParams = z.object({ id: groupIdParam() });

/** A body's userId, when given, must be the caller's own: nobody registers someone else. */
const isSelf = (bodyUserId: string | undefined, userId: string) => bodyUserId === undefined || bodyUserId.toLowerCase() === userId;

export function electionsRoutes(app: ZodRoutes, { elections, people }: { elections: ElectionsService; people: People }): void {
  app.post(
    '/api/groups/:id/main-election',
    {
      config: { access: 'member' },
      schema: {
        tags: ['elections'],
        summary: 'Open the group\u2019s main (leadership) election',
        params: GroupParams,
        response: { 201: CreateMainElectionReply },
      },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      const groupId = request.params.id;
      const {
        topic,
        createdAt: at,
        position,
        author,
      } = await elections.openMainElection(userId, groupId, idempotencyOf(request, userId, 'main-election', {}, [String(groupId)]));
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
        summary: 'Choose a candidate (the same again withdraws the ballot)',
        params: TopicIdParams,
        body: BallotBody,
        response: { 200: BallotReply },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const topicId = request.params.id;
      const candidateId = existingId(request.body.candidateId, CANDIDATE_NOT_FOUND);
      return elections.chooseCandidate(userId, topicId, candidateId, idempotencyOf(request, userId, 'ballot', { candidateId }, [topicId]));
    },
  );
}
