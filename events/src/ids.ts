import { z } from 'zod';
import { NotFoundError } from './errors';
import { text } from './text';

/**
 * The id and number schemas of every route (docs/decisions.md, Ids and numbers). A path id no
 * row can have names nothing: 404 with the route's not-found message, like a missing row. A
 * query-string or body id or number that is not one is bad input: 400 with the field's message.
 * Nothing is coerced: `true`, `"1"`, `[1]`, `"0x1"`, `1e3` are not the number 1 or 1000.
 */

/** PostgreSQL int4, the type of every serial id (groups): a larger number must never reach a query. */
export const SERIAL_MAX = 2_147_483_647;

/** Marks a schema refusal as "names nothing": the error handler answers it with 404, not 400. */
export const NOT_FOUND_ISSUE = { civitasStatus: 404 } as const;
/** Whether a validation issue (as fastify-type-provider-zod reports it, or zod's own) was marked with NOT_FOUND_ISSUE. */
export const isNotFoundIssue = (issue: { params?: unknown }): boolean => {
  const params = issue.params as { civitasStatus?: unknown; params?: { civitasStatus?: unknown } } | undefined;
  return params?.civitasStatus === 404 || params?.params?.civitasStatus === 404;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Plain decimal digits, no sign, no leading zero, no exponent, no hex, no spaces. */
const DECIMAL = /^(0|[1-9][0-9]{0,15})$/;

/** Whether a text is a uuid (any case), as ids in paths and stored targets are. */
export const isUuid = (value: string) => UUID.test(value);
const isSerial = (value: string) => DECIMAL.test(value) && value !== '0' && Number(value) <= SERIAL_MAX;

/** Ids in paths are uuids; anything else names nothing, so it is a 404 like a missing one (for ids that come through a text field). */
export function existingId(id: string, notFoundMessage: string): string {
  if (!isUuid(id)) throw new NotFoundError(notFoundMessage);
  return id.toLowerCase();
}

/** A uuid path parameter (`/api/topics/:id`): anything else is a 404 with `notFound`; stored lower-case. */
export const uuidParam = (notFound: string) =>
  z
    .string()
    .refine(isUuid, { message: notFound, params: NOT_FOUND_ISSUE, abort: true })
    .transform((id) => id.toLowerCase());

/** A serial path parameter (`/api/groups/:id`): decimal digits 1..SERIAL_MAX, anything else a 404 with `notFound`. */
export const serialParam = (notFound: string) => z.string().refine(isSerial, { message: notFound, params: NOT_FOUND_ISSUE, abort: true }).transform(Number);

/** A uuid in a query string or a body: a 400 with `message` when it is not one (missing included, unless `.optional()`). */
export const uuidField = (message: string) =>
  z
    .string({ error: message })
    .refine(isUuid, { message, abort: true })
    .transform((id) => id.toLowerCase());

/** A serial in a query string: decimal digits 1..SERIAL_MAX, else a 400 with `message`. */
export const serialQuery = (message: string) => z.string({ error: message }).refine(isSerial, { message, abort: true }).transform(Number);

/** A serial in a JSON body: a JSON number only, a whole one from 1 to SERIAL_MAX, else a 400 with `message`. */
export const serialField = (message: string) => z.number({ error: message }).int(message).min(1, message).max(SERIAL_MAX, message);

export interface WholeNumberOptions {
  /** The field's one refusal, e.g. 'points must be a whole number from 2 to 200'. */
  message: string;
  min: number;
  max: number;
}

/** A whole number in a query string (or a path segment that is a count, not an id): decimal digits only, min..max, else a 400. */
export const wholeNumberQuery = ({ message, min, max }: WholeNumberOptions) =>
  z
    .string({ error: message })
    .refine((value) => DECIMAL.test(value) && Number(value) >= min && Number(value) <= max, { message, abort: true })
    .transform(Number);

/** A whole number in a JSON body: a JSON number only (never a string), min..max, else a 400. */
export const wholeNumberField = ({ message, min, max }: WholeNumberOptions) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * A string in a query string or a path (a cursor, a search, a position, a token): the one-line
 * text rule (docs/decisions.md, Text input) as it arrived, untrimmed; a repeated parameter
 * arrives as a list and is refused with `<field> must be text`.
 */
export const queryText = (field: string) => text({ field, required: `${field} must be text`, trim: false });
