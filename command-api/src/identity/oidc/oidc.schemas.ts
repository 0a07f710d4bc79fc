import { text } from '@civitas/events';
import { z } from 'zod';

/** Starting a sign-in takes no parameters: where to come back to is fixed (no open redirect). */
export const OidcStartQuery = z.object({});

// RFC 6749 allows no control characters in these; a refusal ends the sign-in like any malformed answer.
const parameter = (field: string, max: number) =>
  text({ field, required: `${field} must be a string`, trim: false })
    .max(max)
    .optional();

/**
 * The authorization response (RFC 6749 §4.1.2, RFC 9207 `iss`). Unknown extras that
 * providers add (Google's `scope`, `authuser`, `prompt`, `hd`) are allowed; a repeated
 * parameter is not, so one request cannot carry two states or two codes.
 */
export const OidcCallbackQuery = z.object({
  code: parameter('code', 4096),
  state: parameter('state', 512),
  iss: parameter('iss', 2048),
  error: parameter('error', 256),
  error_description: parameter('error_description', 2048),
});
