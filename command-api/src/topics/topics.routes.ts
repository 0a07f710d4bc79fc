import { CreateTopicBody, CreateTopicReply, TOPIC_NOT_FOUND, CommandReply, existingId } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import { idempotencyOf } from '../lib/idempotency';
import type { People } from '../lib/people';
import type { TopicsService } from './topics-service';

export function topicsRoutes(app: ZodRoutes, { topics, people }: { topics: TopicsService; people: People }): void {
  app.post(
    '/api/topics',
    {
      config: { access: 'member' },
      schema: { tags: ['topics'], summary: 'Create a topic in a group', body: CreateTopicBody, response: { 201: CreateTopicReply } },
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
