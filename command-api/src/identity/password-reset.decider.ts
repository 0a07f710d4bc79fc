import { ValidationError, type Decider, type PasswordResetEvent } from '@civitas/events';

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired.';

export type RequestReset = { type: 'requestReset'; userId: string; expiresAt: string; tokenSealed: string };
export type CompleteReset = { type: 'completeReset'; now: string };
export type PasswordResetCommand = RequestReset | CompleteReset;

export interface PasswordResetState {
  userId: string | null;
  expiresAt: string | null;
  used: boolean;
}

/** `password-reset-{tokenHash}`: a reset link works once, before it expires. */
export const passwordResetDecider: Decider<PasswordResetCommand, PasswordResetEvent, PasswordResetState> = {
  initialState: () => ({ userId: null, expiresAt: null, used: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'PasswordResetRequested':
        return { userId: event.data.userId, expiresAt: event.data.expiresAt, used: false };
      case 'PasswordResetCompleted':
        return { ...state, used: true };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'requestReset':
        if (state.userId) throw new ValidationError(INVALID_RESET_LINK);
        return [{ type: 'PasswordResetRequested', data: { userId: command.userId, expiresAt: command.expiresAt, tokenSealed: command.tokenSealed } }];
      case 'completeReset':
        if (!state.userId || state.used || Date.parse(state.expiresAt!) <= Date.parse(command.now)) throw new ValidationError(INVALID_RESET_LINK);
        return [{ type: 'PasswordResetCompleted', data: { userId: state.userId } }];
    }
  },
};
