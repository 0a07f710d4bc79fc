import type {
  ReportCategory,
  ReportStatus,
  ReportTargetType,
  SuggestionCategory,
  SuggestionPriority,
  SuggestionStatus,
} from '@civitas/events/moderation/feedback.contract';
import { i18n } from '../../../i18n';

// How the categories, statuses and priorities of sections 4 and 9 read on screen.

type LabelGroup = 'reportCategories' | 'suggestionCategories' | 'statuses' | 'priorities' | 'targetTypes' | 'roles';
const translate = i18n.t as (key: string) => string;

/**
 * A value-to-label record (API value -> text key of the 'moderation' namespace) whose labels are read
 * in the interface language each time one is shown, so lists and selects follow a language switch.
 */
export function translatedLabels<Value extends string>(group: LabelGroup, keys: Record<Value, string>): Record<Value, string> {
  const labels = {} as Record<Value, string>;
  for (const [value, key] of Object.entries(keys) as Array<[Value, string]>) {
    Object.defineProperty(labels, value, { enumerable: true, get: () => translate(`moderation:${group}.${key}`) });
  }
  return labels;
}

export const REPORT_CATEGORY_LABELS = translatedLabels<ReportCategory>('reportCategories', {
  'inappropriate-content': 'inappropriateContent',
  harassment: 'harassment',
  spam: 'spam',
  misinformation: 'misinformation',
  'hate-speech': 'hateSpeech',
  violence: 'violence',
  'user-behavior': 'userBehavior',
  'technical-issue': 'technicalIssue',
  'voting-manipulation': 'votingManipulation',
  'privacy-violation': 'privacyViolation',
  'platform-abuse': 'platformAbuse',
  other: 'other',
});

export const SUGGESTION_CATEGORY_LABELS = translatedLabels<SuggestionCategory>('suggestionCategories', {
  'new-feature': 'newFeature',
  'user-interface': 'userInterface',
  'voting-system': 'votingSystem',
  'discussion-tools': 'discussionTools',
  'group-management': 'groupManagement',
  'mobile-experience': 'mobileExperience',
  accessibility: 'accessibility',
  performance: 'performance',
  security: 'security',
  moderation: 'moderation',
  analytics: 'analytics',
  other: 'other',
});

const STATUS_KEYS: Record<ReportStatus | SuggestionStatus, string> = {
  pending: 'pending',
  under_review: 'underReview',
  resolved: 'resolved',
  rejected: 'rejected',
  approved: 'approved',
  implemented: 'implemented',
};

export const STATUS_LABELS = translatedLabels('statuses', STATUS_KEYS);

/** The statuses an admin may set, in section 4's order. */
export const REPORT_STATUS_LABELS = translatedLabels<ReportStatus>('statuses', {
  pending: STATUS_KEYS.pending,
  under_review: STATUS_KEYS.under_review,
  resolved: STATUS_KEYS.resolved,
  rejected: STATUS_KEYS.rejected,
});
export const SUGGESTION_STATUS_LABELS = translatedLabels<SuggestionStatus>('statuses', {
  pending: STATUS_KEYS.pending,
  under_review: STATUS_KEYS.under_review,
  approved: STATUS_KEYS.approved,
  implemented: STATUS_KEYS.implemented,
  rejected: STATUS_KEYS.rejected,
});

/** Chip colours: waiting, being looked at, settled for good, turned down. */
export const STATUS_COLORS: Record<ReportStatus | SuggestionStatus, 'warning' | 'info' | 'success' | 'default'> = {
  pending: 'warning',
  under_review: 'info',
  resolved: 'success',
  approved: 'success',
  implemented: 'success',
  rejected: 'default',
};

export const PRIORITY_LABELS = translatedLabels<SuggestionPriority>('priorities', { low: 'low', medium: 'medium', high: 'high', critical: 'critical' });

/** What a report is about, as a sentence names it ('Reported topic: ...'). */
export const TARGET_TYPE_LABELS = translatedLabels<ReportTargetType>('targetTypes', { topic: 'topic', opinion: 'opinion', chat_message: 'chatMessage' });
