import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { NOTIFICATION_TYPES, NotificationType } from '@civitas/events/notifications/notification.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export const UNSUBSCRIBE_URL = '/api/notifications/unsubscribe';

const UnsubscribeReply = z.object({ types: z.array(NotificationType), position: z.string().nullable() });
export type UnsubscribeReply = z.infer<typeof UnsubscribeReply>;

/**
 * The types a mailed unsubscribe link names, to say what it turns off before it is used: the token is
 * `u1.<member>.<type,type>.<signature>` (command-api/src/notifications/unsubscribe-token.ts). Only
 * the server checks the signature; an unreadable token names nothing.
 */
export function typesOfToken(token: string): NotificationType[] {
  const named = token.split('.')[2]?.split(',') ?? [];
  return NOTIFICATION_TYPES.filter((type) => named.includes(type));
}

/** POST /api/notifications/unsubscribe?token=: the link's own authority, no session needed. */
export async function unsubscribe(token: string): Promise<UnsubscribeReply> {
  const url = `${UNSUBSCRIBE_URL}?token=${encodeURIComponent(token)}`;
  const response = await apiRequest('POST', url, {});
  return parseResponse(response, UnsubscribeReply, `POST ${UNSUBSCRIBE_URL}`);
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
