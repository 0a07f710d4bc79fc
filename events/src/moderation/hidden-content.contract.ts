import { z } from 'zod';

/**
 * What the reads say of an opinion or chat message an admin hid (docs/decisions.md, Moderation
 * actions): members get the reason and no text (the content is blank), admins the text as well.
 */
export const HiddenNotice = z.object({ reason: z.string(), hiddenAt: z.string() });
export type HiddenNotice = z.infer<typeof HiddenNotice>;
