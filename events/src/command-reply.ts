import { z } from 'zod';

/** Every command answers with the position of its last event, for read-your-writes; replies extend this. */
export const CommandReply = z.object({ position: z.string().nullable() });
export type CommandReply = z.infer<typeof CommandReply>;
