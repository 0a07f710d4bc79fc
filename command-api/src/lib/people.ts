import type { PersonSummary } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';

/** How a member is shown beside what they wrote (names from the users read model). */
export async function personSummary(readModels: Kysely<ReadModels>, userId: string): Promise<PersonSummary> {
  const row = await readModels.selectFrom('users').select(['first_name', 'last_name', 'profile_image_url']).where('id', '=', userId).executeTakeFirst();
  return { firstName: row?.first_name ?? null, lastName: row?.last_name ?? null, profileImageUrl: row?.profile_image_url ?? null };
}
