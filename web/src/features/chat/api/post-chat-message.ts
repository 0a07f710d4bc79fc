import { PostChatMessageReply, type PostChatMessageBody } from '@civitas/events/chat/chat.contract';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { parseResponse } from '../../../lib/parse-response';

const CHAT_MESSAGES_URL = '/api/chat/messages';

/** The way in when the live socket is not open (docs/product.md, Calls); the api client remembers the position. */
export async function postChatMessage(body: PostChatMessageBody): Promise<PostChatMessageReply> {
  const response = await apiRequest('POST', CHAT_MESSAGES_URL, body, { headers: idempotencyHeaders() });
  return parseResponse(response, PostChatMessageReply, `POST ${CHAT_MESSAGES_URL}`);
}
