import { PostChatMessageBody, PostChatMessageReply } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { idempotencyOf } from '../lib/idempotency';
import type { People } from '../lib/people';
import type { ChatService } from './chat-service';

export function chatRoutes(app: ZodRoutes, { chat, people }: { chat: ChatService; people: People }): void {
  app.post(
    '/api/chat/messages',
    {
      config: { access: 'member' },
      schema: {
        tags: ['chat'],
        summary: 'Post a chat message on a topic (when the live socket is not open)',
        body: PostChatMessageBody,
        response: { 201: PostChatMessageReply },
      },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      const { message, createdAt, position, sender } = await chat.post(
        userId,
        request.body,
        idempotencyOf(request, userId, 'chat-message', request.body, [request.body.topicId.toLowerCase()]),
      );
      return reply.status(201).send({
        position,
        message: { id: message.messageId, topicId: message.topicId, userId, message: message.message, createdAt, user: await people.open(userId, sender) },
      });
    },
  );
}
