import {
  groupStream,
  groupView,
  isPersonalDepartment,
  userStream,
  type AccountErased,
  type CatalogueGroup,
  type EmailAddressForfeited,
  type UserRegistered,
  type View,
} from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';

type AccountEvent = UserRegistered | AccountErased | EmailAddressForfeited;

/** Whether a member's own stream says they can still be told of anything: registered, not erased, not without a way in. */
const reachableView: View<AccountEvent, { registered: boolean; gone: boolean }> = {
  initialState: () => ({ registered: false, gone: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, registered: true };
      // Erased: nobody by that name any more. Forfeited: the account has no way in to read it.
      case 'AccountErased':
      case 'EmailAddressForfeited':
        return { ...state, gone: true };
      default:
        return state;
    }
  },
};

/**
 * Which of the mentioned members may be told of a message on a topic of `group`: those whose
 * own stream says their account stands, and, in a personal group, only its members (nobody
 * else sees its topics). Each member's stream is read, and a personal group's (a few dozen
 * members), never a national group's: a mention costs the same in a group of 100,000.
 */
export async function mayBeTold(bus: CommandBus, group: CatalogueGroup, mentioned: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(mentioned)];
  if (ids.length === 0) return new Set();
  const [members, accounts] = await Promise.all([
    isPersonalDepartment(group.department) ? bus.load(groupStream(group.groupId), groupView).then(({ state }) => state.members) : null,
    Promise.all(ids.map(async (id) => ({ id, ...(await bus.load(userStream(id), reachableView)).state }))),
  ]);
  return new Set(accounts.filter((account) => account.registered && !account.gone && (members === null || members.has(account.id))).map(({ id }) => id));
}
