import { createHash, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, ValidationError, createdIdFor } from '@civitas/events';
import type { FastifyRequest } from 'fastify';

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 8 to 128 letters, digits, - or _';

/** A request's Idempotency-Key as a command's id and what the request asked for (docs/decisions.md, Idempotency-Key). */
export interface Idempotency {
  /** Scoped to the command and the member: one key never meets another member's or another command's. */
  commandId: string;
  /** Digest of the request's meaning: the same key with another request is refused (422). */
  requestDigest: string;
}

/** JSON with its keys sorted, so two requests that mean the same digest the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The Idempotency-Key of a command that the member `userId` sends, or undefined without one.
 * `command` names the command (and `scope` its target, e.g. the opinion a vote is on); `meaning`
 * is what the request asks for, the validated body and path ids. It is digested unkeyed into the
 * events' metadata, so it must hold nothing secret (a national id is guessable from its hash).
 */
export function idempotencyOf(
  request: FastifyRequest,
  userId: string,
  command: string,
  meaning: unknown,
  scope: readonly string[] = [],
): Idempotency | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0]! : header;
  if (!/^[\w-]{8,128}$/.test(key)) throw new ValidationError(IDEMPOTENCY_KEY_INVALID);
  return {
    commandId: [command, userId, ...scope, key].join(':'),
    requestDigest: createHash('sha256')
      .update(`${command}\n${canonical(meaning)}`)
      .digest('base64url')
      .slice(0, 22),
  };
}

/**
 * The id of what a command creates: random, or fixed by the Idempotency-Key's command id, so that
 * a repeat lands on the first one's stream and is answered with it.
 */
export function createdIdOf(idempotency: Idempotency | undefined, what = ''): string {
  return idempotency ? createdIdFor(idempotency.commandId, what) : randomUUID();
}

/** The command options an Idempotency-Key gives (none without one). */
export function keyed(idempotency: Idempotency | undefined): { commandId?: string; requestDigest?: string } {
  return idempotency ? { commandId: idempotency.commandId, requestDigest: idempotency.requestDigest } : {};
}

/** What a create command stored, as `type`'s data: on a repeat, the first request's (its times and ids too). */
export function storedData<Data>(result: { events: ReadonlyArray<{ type: string; data: unknown }> }, type: string, built: Data): Data {
  return (result.events.find((event) => event.type === type)?.data as Data | undefined) ?? built;
}
