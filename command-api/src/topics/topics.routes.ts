import {
  CreateTopicBody,
  CreateTopicReply,
  LAW_METHOD_ONLY_SCHULZE,
  RANKED_OPINIONS_METHOD,
  TOPIC_NOT_FOUND,
  CommandReply,
  decidesAmongOpinions,
  existingId,
  methodOf,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import { SIGNED_OUT, refusal } from '../lib/refusal-docs';
import { idempotencyOf } from '../lib/idempotency';
import type { People } from '../lib/people';
import { METHOD_FOR_COUNTED_TYPES_ONLY, type TopicsService } from './topics-service';

export function topicsRoutes(app: ZodRoutes, { topics, people }: { topics: TopicsService; people: People }): void {
  app.post(
    '/api/topics',
    {
      config: { access: 'member' },
      schema: {
        tags: ['topics'],
        summary:
          "Create a topic in a group (an election may name its counting method, a law amendment or dispute resolution 'schulze' to be decided among its opinions; discussions refuse one, 400)",
        body: CreateTopicBody,
        response: {
          201: CreateTopicReply,
          400: refusal(
            `A field out of its rules (its message), a type the group does not hold, \`${METHOD_FOR_COUNTED_TYPES_ONLY}\` for a method on a discussion, or \`${LAW_METHOD_ONLY_SCHULZE}\` for 'plurality' or 'approval' on a law amendment or dispute resolution.`,
          ),
          401: SIGNED_OUT,
          403: refusal('The member may not take part in the group, or the type needs a subscription they lack.'),
          404: refusal('`Group not found`.'),
        },
      },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      const {
        topic,
        createdAt: at,
        position,
        author,
      } = await topics.create(userId, request.body, { idempotency: idempotencyOf(request, userId, 'topic', request.body) });
      return reply.status(201).send({
        position,
        topic: {
          id: topic.topicId,
          title: topic.title,
          description: topic.description,
          type: topic.type,
          groupId: topic.groupId,
          createdBy: userId,
          status: 'active',
          isMainElection: topic.isMainElection,
          winnerId: null,
          expiresAt: topic.expiresAt,
          createdAt: at,
          updatedAt: at,
          author: await people.open(userId, author),
          opinionCount: 0,
          canParticipate: true,
          method: topic.type === 'election' ? methodOf(topic) : decidesAmongOpinions(topic) ? RANKED_OPINIONS_METHOD : null,
          quorumPercent: topic.quorumPercent ?? null,
        },
      });
    },
  );

  app.delete(
    '/api/topics/:id',
    {
      config: { access: 'member' },
      schema: { tags: ['topics'], summary: 'Delete a topic (its creator only)', params: z.object({ id: z.string() }), response: { 200: CommandReply } },
    },
    async (request) => {
      const userId = memberOf(request);
      const { position } = await topics.delete(userId, existingId(request.params.id, TOPIC_NOT_FOUND));
      return { position };
    },
  );
}
