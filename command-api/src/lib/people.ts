import type { PersonState, PersonSummary } from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';

/**
 * How a member is shown beside what they just wrote: their names as their own stream seals them
 * (the participation gate folds them in the same read as their standing), opened with their key.
 * Not the users read model, which may not yet hold a member who registered a moment ago or their new name.
 */
export class People {
  constructor(private readonly vault: PersonalDataVault) {}

  async open(userId: string, sealed: PersonState): Promise<PersonSummary> {
    const [firstName, lastName] = await this.vault.revealAll(userId, [sealed.firstName, sealed.lastName]);
    return { firstName, lastName, profileImageUrl: sealed.profileImageUrl };
  }
}
