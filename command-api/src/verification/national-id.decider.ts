import { ConflictError, NATIONAL_ID_TAKEN, type Decider, type NationalIdEvent } from '@civitas/events';

export type NationalIdCommand = { type: 'reserveNationalId'; userId: string } | { type: 'releaseNationalId'; userId: string };
export interface NationalIdState {
  holder: string | null;
}

/** `national-id-{keyed hash}`: a national id verifies one account per country; concurrent claims race on one stream. */
export const nationalIdDecider: Decider<NationalIdCommand, NationalIdEvent, NationalIdState> = {
  initialState: () => ({ holder: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'NationalIdReserved':
        return { holder: event.data.userId };
      case 'NationalIdReleased':
        return { holder: null };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'reserveNationalId':
        if (state.holder === command.userId) return [];
        if (state.holder !== null) throw new ConflictError(NATIONAL_ID_TAKEN);
        return [{ type: 'NationalIdReserved', data: { userId: command.userId } }];
      case 'releaseNationalId':
        return state.holder === command.userId ? [{ type: 'NationalIdReleased', data: { userId: command.userId } }] : [];
    }
  },
};
