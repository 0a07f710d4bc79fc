import { DELETED_MEMBER } from '@civitas/events';
import { sql } from 'kysely';

/**
 * A member's first name as pages show it beside what they did (`alias`: the joined `users` row).
 * An erased member's names are gone with their key, so they read 'Deleted member' (first name,
 * no last name), while their votes, opinions and candidacies still count.
 */
export const shownFirstName = <As extends string = 'first_name'>(alias: string, as: As = 'first_name' as As) =>
  sql<string | null>`case when ${sql.ref(`${alias}.erased_at`)} is null then ${sql.ref(`${alias}.first_name`)} else ${DELETED_MEMBER} end`.as(as);
