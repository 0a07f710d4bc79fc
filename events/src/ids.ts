import { z } from 'zod';
import { NotFoundError } from './errors';

const Uuid = z.uuid();

/** Ids in paths are uuids; anything else names nothing, so it is a 404 like a missing one. */
export function existingId(id: string, notFoundMessage: string): string {
  if (!Uuid.safeParse(id).success) throw new NotFoundError(notFoundMessage);
  return id.toLowerCase();
}
