import { PostChatMessageBody, PostChatMessageReply } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import { idempotencyOf } from '../lib/idempotency';
import type { People } from '../lib/people';
import { ChatRateLimitedError, type ChatService } from './chat-service';

export function chatRoutes(app: ZodRoutes, { chat, auth, people }: { chat: ChatService; auth: SessionAuth; people: People }): void {
  app.post('/api/chat/messages', {
    schema: { tags: ['chat'], summary: 'Post a chat message on a topic (when the live socket is not open)', body: PostChatMessageBody, response: { 201: PostChatMessageReply } },
  }, async (request, reply) => {
    const userId = await auth.requireUserId(request);
    try {
      const { message, createdAt, position, sender } = await chat.post(userId, request.body, idempotencyOf(request, userId, 'chat-message', request.body, [request.body.topicId.toLowerCase()]));
      return await reply.status(201).send({
        position,
        message: { id: message.messageId, topicId: message.topicId, userId, message: message.message, createdAt, user: await people.open(userId, sender) },
      });
    } catch (error) {
      if (error instanceof ChatRateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });
}
