import { ValidationError, type Decider, type PasswordResetEvent } from '@civitas/events';

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired.';

export type RequestReset = { type: 'requestReset'; userId: string; requestId: string; expiresAt: string; tokenSealed: string };
/** `latestRequestId`: the newest reset request the user stream records; an older link is over. */
export type CompleteReset = { type: 'completeReset'; now: string; latestRequestId: string | null };
export type PasswordResetCommand = RequestReset | CompleteReset;

export interface PasswordResetState {
  userId: string | null;
  /** Null for links issued before requests were numbered. */
  requestId: string | null;
  expiresAt: string | null;
  used: boolean;
}

/** `password-reset-{tokenHash}`: a reset link works once, before it expires, while it is the newest one. */
export const passwordResetDecider: Decider<PasswordResetCommand, PasswordResetEvent, PasswordResetState> = {
  initialState: () => ({ userId: null, requestId: null, expiresAt: null, used: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'PasswordResetRequested':
        return { userId: event.data.userId, requestId: event.data.requestId, expiresAt: event.data.expiresAt, used: false };
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
        return [
          {
            type: 'PasswordResetRequested',
            data: { userId: command.userId, requestId: command.requestId, expiresAt: command.expiresAt, tokenSealed: command.tokenSealed },
          },
        ];
      case 'completeReset':
        if (!state.userId || state.used || state.requestId !== command.latestRequestId || Date.parse(state.expiresAt!) <= Date.parse(command.now)) {
          throw new ValidationError(INVALID_RESET_LINK);
        }
        return [{ type: 'PasswordResetCompleted', data: { userId: state.userId } }];
    }
  },
};
