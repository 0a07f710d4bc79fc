import { ChatClientFrame, type LiveServerFrame } from '@civitas/events';
import type { RawData } from 'ws';

export const NOT_JSON = 'Frames must be JSON text';
export const UNKNOWN_FRAME = 'Unknown frame type';
export const BAD_SUBSCRIBE = "A subscribe frame names its topics: {type: 'subscribe', data: {topicIds: [...]}}";
export const TOO_MANY_PENDING = 'Too many messages waiting to be sent. Please wait a moment.';

/** What a client's frame asks for; a chat frame's data goes to the command as it came, for the command's own messages. */
export type ClientRequest = { kind: 'chat'; body: unknown } | { kind: 'subscribe'; topicIds: string[] } | { kind: 'invalid'; message: string };

export function readClientFrame(data: RawData, isBinary: boolean): ClientRequest {
  if (isBinary) return { kind: 'invalid', message: NOT_JSON };
  let value: unknown;
  try {
    value = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'));
  } catch {
    return { kind: 'invalid', message: NOT_JSON };
  }
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  if (type === 'chat') return { kind: 'chat', body: (value as { data?: unknown }).data ?? {} };
  if (type === 'subscribe') {
    const parsed = ChatClientFrame.safeParse(value);
    return parsed.success && parsed.data.type === 'subscribe'
      ? { kind: 'subscribe', topicIds: parsed.data.data.topicIds }
      : { kind: 'invalid', message: BAD_SUBSCRIBE };
  }
  return { kind: 'invalid', message: UNKNOWN_FRAME };
}

export const errorFrame = (message: string) => JSON.stringify({ type: 'error', data: { message } } satisfies LiveServerFrame);
