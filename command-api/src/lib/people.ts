import { personView, userStream, type PersonSummary } from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import type { CommandBus } from './command-bus';

/**
 * How a member is shown beside what they just wrote, from their own stream (not the users read
 * model, which may not yet hold a member who registered a moment ago or their new name).
 */
export class People {
  constructor(
    private readonly bus: CommandBus,
    private readonly vault: PersonalDataVault,
  ) {}

  async summary(userId: string): Promise<PersonSummary> {
    const { state } = await this.bus.load(userStream(userId), personView);
    const [firstName, lastName] = await this.vault.revealAll(userId, [state.firstName, state.lastName]);
    return { firstName, lastName, profileImageUrl: state.profileImageUrl };
  }
}
