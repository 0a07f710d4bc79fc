import {
  ConflictError,
  FEEDBACK_CONTENT_MAX_LENGTH,
  FEEDBACK_DETAILS_TOO_LONG,
  NotFoundError,
  REPORT_DETAILS_REQUIRED,
  REPORT_NOT_FOUND,
  SUGGESTION_INCOMPLETE,
  SUGGESTION_NOT_FOUND,
  ValidationError,
  type Decider,
  type ReportEvent,
  type ReportReviewed,
  type ReportStatus,
  type ReportSubmitted,
  type ReportTargetType,
  type SuggestionEvent,
  type SuggestionPriority,
  type SuggestionReviewed,
  type SuggestionStatus,
  type SuggestionSubmitted,
} from '@civitas/events';

/** The details rule, checked here too so that whatever way a command arrives, only what the rules allow is stored. */
function requireDetails(content: string, blank: string): void {
  if (content.trim().length === 0) throw new ValidationError(blank);
  if (content.length > FEEDBACK_CONTENT_MAX_LENGTH) throw new ValidationError(FEEDBACK_DETAILS_TOO_LONG);
}

export type ReportCommand = { type: 'submitReport'; report: ReportSubmitted['data'] } | { type: 'reviewReport'; review: ReportReviewed['data'] };

/** What a report names, and its author when the report recorded one. */
export interface ReportedTarget {
  type: ReportTargetType;
  id: string;
  authorId: string | null;
}

export interface ReportState {
  /** Null until submitted. */
  report: { status: ReportStatus; adminNotes: string | null; target: ReportedTarget | null } | null;
}

/** `report-{id}`: a member's report, pending until an admin sets any status (section 4: any, in any order). */
export const reportDecider: Decider<ReportCommand, ReportEvent, ReportState> = {
  initialState: () => ({ report: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ReportSubmitted': {
        const { targetType, targetId, targetAuthorId } = event.data;
        const target = targetType && targetId ? { type: targetType, id: targetId, authorId: targetAuthorId ?? null } : null;
        return { report: { status: 'pending', adminNotes: null, target } };
      }
      case 'ReportReviewed':
        return state.report ? { report: { ...state.report, status: event.data.status, adminNotes: event.data.adminNotes } } : state;
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'submitReport':
        if (state.report) throw new ConflictError('This report exists already.');
        requireDetails(command.report.content, REPORT_DETAILS_REQUIRED);
        return [{ type: 'ReportSubmitted', data: command.report }];
      case 'reviewReport': {
        if (!state.report) throw new NotFoundError(REPORT_NOT_FOUND);
        const { status, adminNotes } = command.review;
        // Saving what is already there decides nothing: no event, so the audit trail holds only decisions.
        if (status === state.report.status && adminNotes === state.report.adminNotes) return [];
        return [{ type: 'ReportReviewed', data: command.review }];
      }
    }
  },
};

export type SuggestionCommand =
  { type: 'submitSuggestion'; suggestion: Omit<SuggestionSubmitted['data'], 'priority'> } | { type: 'reviewSuggestion'; review: SuggestionReviewed['data'] };

export interface SuggestionState {
  suggestion: { status: SuggestionStatus; priority: SuggestionPriority; adminNotes: string | null } | null;
}

/** `suggestion-{id}`: pending with priority medium; an admin sets any status and priority. */
export const suggestionDecider: Decider<SuggestionCommand, SuggestionEvent, SuggestionState> = {
  initialState: () => ({ suggestion: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'SuggestionSubmitted':
        return { suggestion: { status: 'pending', priority: event.data.priority, adminNotes: null } };
      case 'SuggestionReviewed':
        return { suggestion: { status: event.data.status, priority: event.data.priority, adminNotes: event.data.adminNotes } };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'submitSuggestion':
        if (state.suggestion) throw new ConflictError('This suggestion exists already.');
        requireDetails(command.suggestion.content, SUGGESTION_INCOMPLETE);
        // Section 4: every suggestion starts with priority medium.
        return [{ type: 'SuggestionSubmitted', data: { ...command.suggestion, priority: 'medium' } }];
      case 'reviewSuggestion': {
        if (!state.suggestion) throw new NotFoundError(SUGGESTION_NOT_FOUND);
        const { status, priority, adminNotes } = command.review;
        const current = state.suggestion;
        if (status === current.status && priority === current.priority && adminNotes === current.adminNotes) return [];
        return [{ type: 'SuggestionReviewed', data: command.review }];
      }
    }
  },
};
