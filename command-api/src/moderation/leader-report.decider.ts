import {
  ConflictError,
  ForbiddenError,
  LEADER_REPORT_ABOUT_YOU,
  LEADER_REPORT_DESCRIPTION_REQUIRED,
  LEADER_REPORT_NOT_FOUND,
  LEADER_REPORT_REASON_REQUIRED,
  NO_SELF_LEADER_REPORT,
  NotFoundError,
  ValidationError,
  type Decider,
  type LeaderReportEvent,
  type LeaderReportFiled,
  type LeaderReportReviewed,
  type ReportStatus,
} from '@civitas/events';

export type LeaderReportCommand =
  | { type: 'fileLeaderReport'; report: LeaderReportFiled['data'] }
  /** Who may review (a leader of the group, an admin) spans streams and is checked before; `groupId` comes from the report. */
  | { type: 'reviewLeaderReport'; review: Omit<LeaderReportReviewed['data'], 'groupId'> };

export interface LeaderReportState {
  report: { groupId: number; reporterId: string; reportedUserId: string; status: ReportStatus; notes: string | null } | null;
}

/** `leader-report-{id}`: a member reports another member of a group to its leaders (and admins), who set its status. */
export const leaderReportDecider: Decider<LeaderReportCommand, LeaderReportEvent, LeaderReportState> = {
  initialState: () => ({ report: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'LeaderReportFiled': {
        const { groupId, reporterId, reportedUserId } = event.data;
        return { report: { groupId, reporterId, reportedUserId, status: 'pending', notes: null } };
      }
      case 'LeaderReportReviewed':
        return state.report ? { report: { ...state.report, status: event.data.status, notes: event.data.notes } } : state;
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'fileLeaderReport': {
        const { report } = command;
        if (state.report) throw new ConflictError('This report exists already.');
        if (report.reportedUserId === report.reporterId) throw new ValidationError(NO_SELF_LEADER_REPORT);
        if (report.reason.trim().length === 0) throw new ValidationError(LEADER_REPORT_REASON_REQUIRED);
        if (report.description.trim().length === 0) throw new ValidationError(LEADER_REPORT_DESCRIPTION_REQUIRED);
        return [{ type: 'LeaderReportFiled', data: report }];
      }
      case 'reviewLeaderReport': {
        if (!state.report) throw new NotFoundError(LEADER_REPORT_NOT_FOUND);
        const { review } = command;
        // A leader does not judge a report about themselves; an admin (or another leader) does.
        if (review.reviewerRole === 'leader' && review.reviewedBy === state.report.reportedUserId) throw new ForbiddenError(LEADER_REPORT_ABOUT_YOU);
        if (review.status === state.report.status && review.notes === state.report.notes) return [];
        return [{ type: 'LeaderReportReviewed', data: { ...review, groupId: state.report.groupId } }];
      }
    }
  },
};
