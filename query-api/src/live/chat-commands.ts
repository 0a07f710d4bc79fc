/**
 * A chat frame from a socket becomes the same command as POST /api/chat/messages, run by
 * command-api's own route (never a copy of its rules): the composition root says how to reach it.
 */
export interface ChatCommands {
  /** Posts `body` as the member whose Cookie header this is; resolves with the command's refusal, if any. */
  post(sessionCookie: string, body: unknown): Promise<ChatCommandResult>;
}

export type ChatCommandResult = { ok: true } | { ok: false; message: string };

export const CHAT_PATH = '/api/chat/messages';
/** When command-api could not be asked or did not say why (a 5xx, a network failure). */
export const CHAT_NOT_SENT = 'Failed to send message. Please try again.';

/** What the command's answer means for the socket: a 2xx was stored; anything else carries its message. */
export function chatCommandResult(status: number, payload: string): ChatCommandResult {
  if (status >= 200 && status < 300) return { ok: true };
  let message: unknown;
  try {
    message = (JSON.parse(payload) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  // A 5xx says nothing a member can act on; a 4xx says what to change.
  return { ok: false, message: status < 500 && typeof message === 'string' ? message : CHAT_NOT_SENT };
}

/** The headers command-api's CSRF and session checks need: JSON, the site's origin, the member's cookie. */
export const chatCommandHeaders = (sessionCookie: string, siteOrigin: string) => ({
  'content-type': 'application/json',
  origin: siteOrigin,
  cookie: sessionCookie,
});

/** A query-api process of its own: command-api over HTTP at COMMAND_API_URL. */
export function httpChatCommands(commandApiUrl: string, publicBaseUrl: string, timeoutMs = 10_000): ChatCommands {
  const url = new URL(CHAT_PATH, commandApiUrl).href;
  const origin = new URL(publicBaseUrl).origin;
  return {
    async post(sessionCookie, body) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: chatCommandHeaders(sessionCookie, origin),
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        return chatCommandResult(response.status, await response.text());
      } catch {
        return { ok: false, message: CHAT_NOT_SENT };
      }
    },
  };
}
