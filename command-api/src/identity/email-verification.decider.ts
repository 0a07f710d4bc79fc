import { ConflictError, type Decider, type EmailVerificationRequested } from '@civitas/events';

export type RequestVerification = { type: 'requestVerification' } & EmailVerificationRequested['data'];

export interface EmailVerificationState {
  userId: string | null;
  requestId: string | null;
  expiresAt: string | null;
}

/**
 * `email-verification-{tokenHash}`: which account and request a verification link belongs to.
 * Whether it still works (the newest, not expired) is the user stream's to decide.
 */
export const emailVerificationDecider: Decider<RequestVerification, EmailVerificationRequested, EmailVerificationState> = {
  initialState: () => ({ userId: null, requestId: null, expiresAt: null }),
  evolve: (_state, event) => ({ userId: event.data.userId, requestId: event.data.requestId, expiresAt: event.data.expiresAt }),
  decide: (command, state) => {
    // 256 random bits never repeat; a second request on one token is a bug, not a user's doing.
    if (state.userId) throw new ConflictError('This verification link already exists');
    return [
      {
        type: 'EmailVerificationRequested',
        data: { userId: command.userId, requestId: command.requestId, expiresAt: command.expiresAt, tokenSealed: command.tokenSealed },
      },
    ];
  },
};
