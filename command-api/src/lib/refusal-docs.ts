import { z } from 'zod';

/**
 * A refusal as OpenAPI shows it: every 4xx is `{ message }` (service-kit error-handler.ts), and the
 * description says which messages a route gives under that status, so clients can read them there.
 */
export const refusal = (description: string) => z.object({ message: z.string() }).describe(description);

/** Signed out: the access policy answers before the body is read (docs/decisions.md, route policies). */
export const SIGNED_OUT = refusal('Signed out: `Unauthorized`, before any check of the body.');
