import { ConflictError, type Decider, type GroupCreated } from '@civitas/events';
import type { CatalogueGroup } from '@civitas/events';

export type CreateGroup = { type: 'createGroup'; group: CatalogueGroup };
export type GroupCommand = CreateGroup;
export type GroupState = { exists: boolean; definition: CatalogueGroup | null };

/** Group lifecycle; memberships and leaders join this stream with their features. */
export const groupsDecider: Decider<GroupCommand, GroupCreated, GroupState> = {
  initialState: () => ({ exists: false, definition: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'GroupCreated':
        return { exists: true, definition: event.data };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'createGroup': {
        if (!state.exists) return [{ type: 'GroupCreated', data: command.group }];
        // Creating the same group again is a no-op, so a restart adds nothing.
        if (state.definition?.name === command.group.name && state.definition.department === command.group.department) return [];
        throw new ConflictError(`Group ${command.group.groupId} already exists as ${state.definition?.name}`);
      }
    }
  },
};
