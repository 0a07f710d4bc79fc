import type { HiddenNotice, Role } from '@civitas/events';
import { rolesOf } from '@civitas/service-kit/roles';
import type { QueryExecutorProvider } from 'kysely';

/**
 * Hidden content (docs/decisions.md, Moderation actions): what an admin hid reads as blank with the
 * reason beside it, for everyone but admins (a banned admin exercises no role: blank too).
 */
export async function seesHiddenContent(readModels: QueryExecutorProvider, viewer: { userId: string } | null): Promise<boolean> {
  if (!viewer) return false;
  const roles = await rolesOf(readModels, viewer.userId).catch((): readonly Role[] => []);
  return roles.includes('admin');
}

/** The text a reader is given: blank when hidden from them. */
export const shownText = (text: string, hiddenReason: string | null, revealed: boolean): string => (hiddenReason !== null && !revealed ? '' : text);

/** The notice a read carries for a hidden item (the `hidden_content` row joined in), null when shown. */
export const hiddenNotice = (reason: string | null, hiddenAt: Date | null): HiddenNotice | null =>
  reason === null || hiddenAt === null ? null : { reason, hiddenAt: hiddenAt.toISOString() };
