import type { View } from '../decider';
import type { UserRegistered } from '../identity/user.events';
import type { AccountErased, ProfileImageChanged, ProfileUpdated } from './profile.events';

/** How a member appears beside what they write, as their own stream says: names as sealed in the events. */
export interface PersonState {
  /** Sealed with the member's key (open them with it); null when never given or once erased. */
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export type PersonEvent = UserRegistered | ProfileUpdated | ProfileImageChanged | AccountErased;

/**
 * The name and picture part of `user-{id}`. Read from the stream, so a command's reply names its
 * author at once, even while the users read model has not caught up with their registration.
 */
export const personView: View<PersonEvent, PersonState> = {
  initialState: () => ({ firstName: null, lastName: null, profileImageUrl: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered':
      case 'ProfileUpdated':
        return {
          firstName: event.data.firstName,
          lastName: event.data.lastName,
          profileImageUrl: event.type === 'UserRegistered' ? event.data.profileImageUrl : state.profileImageUrl,
        };
      case 'ProfileImageChanged':
        return { ...state, profileImageUrl: event.data.profileImageUrl };
      case 'AccountErased':
        return personView.initialState();
      default:
        return state;
    }
  },
};
