import type { ReportCategory, ReportStatus, ReportTargetType, SuggestionCategory, SuggestionPriority, SuggestionStatus } from '@civitas/events/moderation/feedback.contract';

// How the categories, statuses and priorities of sections 4 and 9 read on screen.

export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  'inappropriate-content': 'Inappropriate Content',
  harassment: 'Harassment',
  spam: 'Spam',
  misinformation: 'Misinformation',
  'hate-speech': 'Hate Speech',
  violence: 'Violence',
  'user-behavior': 'User Behavior',
  'technical-issue': 'Technical Issue',
  'voting-manipulation': 'Voting Manipulation',
  'privacy-violation': 'Privacy Violation',
  'platform-abuse': 'Platform Abuse',
  other: 'Other',
};

export const SUGGESTION_CATEGORY_LABELS: Record<SuggestionCategory, string> = {
  'new-feature': 'New Feature',
  'user-interface': 'User Interface',
  'voting-system': 'Voting System',
  'discussion-tools': 'Discussion Tools',
  'group-management': 'Group Management',
  'mobile-experience': 'Mobile Experience',
  accessibility: 'Accessibility',
  performance: 'Performance',
  security: 'Security',
  moderation: 'Moderation',
  analytics: 'Analytics',
  other: 'Other',
};

export const STATUS_LABELS: Record<ReportStatus | SuggestionStatus, string> = {
  pending: 'Pending',
  under_review: 'Under Review',
  resolved: 'Resolved',
  rejected: 'Rejected',
  approved: 'Approved',
  implemented: 'Implemented',
};

/** The statuses an admin may set, in section 4's order. */
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  pending: STATUS_LABELS.pending, under_review: STATUS_LABELS.under_review, resolved: STATUS_LABELS.resolved, rejected: STATUS_LABELS.rejected,
};
export const SUGGESTION_STATUS_LABELS: Record<SuggestionStatus, string> = {
  pending: STATUS_LABELS.pending, under_review: STATUS_LABELS.under_review, approved: STATUS_LABELS.approved,
  implemented: STATUS_LABELS.implemented, rejected: STATUS_LABELS.rejected,
};

/** Chip colours: waiting, being looked at, settled for good, turned down. */
export const STATUS_COLORS: Record<ReportStatus | SuggestionStatus, 'warning' | 'info' | 'success' | 'default'> = {
  pending: 'warning', under_review: 'info', resolved: 'success', approved: 'success', implemented: 'success', rejected: 'default',
};

export const PRIORITY_LABELS: Record<SuggestionPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

export const TARGET_TYPE_LABELS: Record<ReportTargetType, string> = { topic: 'Topic', opinion: 'Opinion', chat_message: 'Chat message' };
