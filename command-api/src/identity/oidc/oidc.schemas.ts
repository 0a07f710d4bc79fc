import { z } from 'zod';

/** Starting a sign-in takes no parameters: where to come back to is fixed (no open redirect). */
export const OidcStartQuery = z.object({});

/**
 * The authorization response (RFC 6749 §4.1.2, RFC 9207 `iss`). Unknown extras that
 * providers add (Google's `scope`, `authuser`, `prompt`, `hd`) are allowed; a repeated
 * parameter is not, so one request cannot carry two states or two codes.
 */
export const OidcCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
