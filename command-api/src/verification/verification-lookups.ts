import type { EventStore } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import { projectionCaughtUp } from '@civitas/service-kit/read-models';

/**
 * What the verification commands need from the read models: whose claim an id is (admins and
 * leaders name a claim by its id alone) and which National groups a member leads. Authorisation
 * may lag by milliseconds (ARCHITECTURE.md); the decision itself folds the member's stream.
 */
export class VerificationLookups {
  constructor(
    private readonly store: EventStore,
    private readonly readModels: Kysely<ReadModels>,
  ) {}

  async ownerOf(verificationId: string): Promise<string | null> {
    const find = async () =>
      (await this.readModels.selectFrom('user_verifications').select('user_id').where('id', '=', verificationId).executeTakeFirst())?.user_id ?? null;
    // A claim made a moment ago may not be projected yet: wait for it once before calling it unknown.
    return (await find()) ?? ((await projectionCaughtUp(this.store, this.readModels, 'user_verifications')) ? find() : null);
  }

  /** Country keys of the National groups this member leads now. */
  async ledCountryKeys(userId: string): Promise<string[]> {
    const rows = await this.readModels
      .selectFrom('group_members as m')
      .innerJoin('groups as g', 'g.id', 'm.group_id')
      .select('g.subcategory')
      .where('m.user_id', '=', userId)
      .where('m.is_leader', '=', true)
      .where('m.status', '=', 'active')
      .where('g.department', '=', 'national')
      .execute();
    return rows.flatMap((row) => (row.subcategory ? [row.subcategory] : []));
  }
}
