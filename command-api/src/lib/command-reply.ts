import type { CommandResult, DomainEvent, Position } from '@civitas/events';
import { z } from 'zod';

/** Every command answers with the position of its last event, for read-your-writes. */
export const CommandReply = z.object({ position: z.string().nullable() });
export type CommandReply = z.infer<typeof CommandReply>;

export const commandReply = (result: Pick<CommandResult<DomainEvent>, 'position'>, fallback: Position | null = null): CommandReply => ({
  position: result.position ?? fallback,
});
