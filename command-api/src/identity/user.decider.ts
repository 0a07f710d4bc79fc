import { ConflictError, type Decider, type Role, type UserEvent, type UserRegistered } from '@civitas/events';

export type RegisterUser = { type: 'registerUser'; registration: UserRegistered['data']; roles: Role[] };
export type ChangePassword = { type: 'changePassword'; passwordHash: string; reason: 'reset' | 'change' };
export type LinkExternalIdentity = { type: 'linkExternalIdentity'; issuer: string; subject: string };
export type GrantRole = { type: 'grantRole'; role: Role };
export type UserCommand = RegisterUser | ChangePassword | LinkExternalIdentity | GrantRole;

export interface UserState {
  userId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string | null;
  externalIdentities: Array<{ issuer: string; subject: string }>;
  roles: Role[];
}

const initialState = (): UserState => ({ userId: null, email: null, firstName: null, lastName: null, passwordHash: null, externalIdentities: [], roles: [] });

/** `user-{id}`: the account, its credentials and roles. */
export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState,
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered':
        return {
          ...state,
          userId: event.data.userId,
          email: event.data.email,
          firstName: event.data.firstName,
          lastName: event.data.lastName,
          passwordHash: event.data.passwordHash,
          externalIdentities: event.data.externalIdentity ? [event.data.externalIdentity] : [],
        };
      case 'UserPasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
      case 'ExternalIdentityLinked':
        return { ...state, externalIdentities: [...state.externalIdentities, event.data.externalIdentity] };
      case 'UserRoleGranted':
        return state.roles.includes(event.data.role) ? state : { ...state, roles: [...state.roles, event.data.role] };
      case 'UserRoleRevoked':
        return { ...state, roles: state.roles.filter((role) => role !== event.data.role) };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (command.type === 'registerUser') {
      if (state.userId) throw new ConflictError('An account with this email already exists');
      const userId = command.registration.userId;
      return [
        { type: 'UserRegistered', data: command.registration },
        ...command.roles.map((role) => ({ type: 'UserRoleGranted' as const, data: { userId, role } })),
      ];
    }
    if (!state.userId) throw new ConflictError('No such account');
    const userId = state.userId;
    switch (command.type) {
      case 'changePassword':
        return [{ type: 'UserPasswordChanged', data: { userId, passwordHash: command.passwordHash, reason: command.reason } }];
      case 'linkExternalIdentity': {
        const linked = state.externalIdentities.some((identity) => identity.issuer === command.issuer && identity.subject === command.subject);
        return linked ? [] : [{ type: 'ExternalIdentityLinked', data: { userId, externalIdentity: { issuer: command.issuer, subject: command.subject } } }];
      }
      case 'grantRole':
        return state.roles.includes(command.role) ? [] : [{ type: 'UserRoleGranted', data: { userId, role: command.role } }];
    }
  },
};
