import {
  ALREADY_WARNED,
  ConflictError,
  ForbiddenError,
  MEMBER_NOT_FOUND,
  MODERATION_REASON_REQUIRED,
  NO_SELF_WARNING,
  NotFoundError,
  ValidationError,
  type Decider,
  type MemberWarned,
} from '@civitas/events';
import { memberStandingView, type MemberStanding, type StandingEvent } from './member-standing.view';

export type WarningCommand = { type: 'warnMember'; warning: MemberWarned['data'] };

export interface WarningState extends MemberStanding {
  /** The reports the member was warned about. */
  warnedFor: string[];
}

/** Warnings on `user-{id}`: an admin warns a member about what a report named, once per report. */
export const warningDecider: Decider<WarningCommand, StandingEvent | MemberWarned, WarningState> = {
  initialState: () => ({ ...memberStandingView.initialState(), warnedFor: [] }),
  evolve: (state, event) => {
    if (event.type === 'MemberWarned') return { ...state, warnedFor: [...state.warnedFor, event.data.reportId] };
    return { ...memberStandingView.evolve(state, event), warnedFor: state.warnedFor };
  },
  decide: ({ warning }, state) => {
    if (!state.userId || state.erased || state.userId !== warning.userId) throw new NotFoundError(MEMBER_NOT_FOUND);
    if (warning.warnedBy === warning.userId) throw new ForbiddenError(NO_SELF_WARNING);
    if (state.warnedFor.includes(warning.reportId)) throw new ConflictError(ALREADY_WARNED);
    if (warning.reason.trim() === '') throw new ValidationError(MODERATION_REASON_REQUIRED);
    return [{ type: 'MemberWarned', data: warning }];
  },
};
