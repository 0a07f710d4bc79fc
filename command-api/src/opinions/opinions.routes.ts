import { PostOpinionBody, PostOpinionReply, TOPIC_NOT_FOUND, existingId } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { idempotencyOf } from '../lib/idempotency';
import type { People } from '../lib/people';
import type { OpinionsService } from './opinions-service';

export function opinionsRoutes(app: ZodRoutes, { opinions, people }: { opinions: OpinionsService; people: People }): void {
  app.post(
    '/api/opinions',
    {
      config: { access: 'member' },
      schema: { tags: ['opinions'], summary: 'Post an opinion on a topic', body: PostOpinionBody, response: { 201: PostOpinionReply } },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      const body = { ...request.body, topicId: existingId(request.body.topicId, TOPIC_NOT_FOUND) };
      const { opinion, createdAt: at, position, author } = await opinions.post(userId, body, idempotencyOf(request, userId, 'opinion', body));
      return reply.status(201).send({
        position,
        opinion: {
          id: opinion.opinionId,
          topicId: opinion.topicId,
          userId,
          content: opinion.content,
          createdAt: at,
          updatedAt: at,
          user: await people.open(userId, author),
          myVote: null,
          supportCount: 0,
          opposeCount: 0,
          weightedSupport: 0,
          weightedOppose: 0,
          voteCount: 0,
        },
      });
    },
  );
}
