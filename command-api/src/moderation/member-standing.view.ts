import type { AccountErased, BanEvent, Role, UserRegistered, UserRoleGranted, UserRoleRevoked, View } from '@civitas/events';

/** The events of `user-{id}` that moderation rules rest on (the stream holds identity and profile events too: they pass by). */
export type StandingEvent = UserRegistered | UserRoleGranted | UserRoleRevoked | BanEvent | AccountErased;

/** What moderation needs to know of a member. */
export interface MemberStanding {
  userId: string | null;
  roles: Role[];
  /** The standing ban's reason, null when not banned. */
  banReason: string | null;
  /** The account was erased: nothing more is decided for it. */
  erased: boolean;
}

export const memberStandingView: View<StandingEvent, MemberStanding> = {
  initialState: () => ({ userId: null, roles: [], banReason: null, erased: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, userId: event.data.userId };
      case 'UserRoleGranted':
        return state.roles.includes(event.data.role) ? state : { ...state, roles: [...state.roles, event.data.role] };
      case 'UserRoleRevoked':
        return { ...state, roles: state.roles.filter((role) => role !== event.data.role) };
      case 'UserBanned':
        return { ...state, banReason: event.data.reason };
      case 'UserUnbanned':
        return { ...state, banReason: null };
      case 'AccountErased':
        return { ...state, erased: true };
      default:
        return state;
    }
  },
};
