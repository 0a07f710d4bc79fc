/** Section 9: the categories a member picks; any other is refused. */
export const REPORT_CATEGORIES = [
  'inappropriate-content',
  'harassment',
  'spam',
  'misinformation',
  'hate-speech',
  'violence',
  'user-behavior',
  'technical-issue',
  'voting-manipulation',
  'privacy-violation',
  'platform-abuse',
  'other',
] as const;
export const SUGGESTION_CATEGORIES = [
  'new-feature',
  'user-interface',
  'voting-system',
  'discussion-tools',
  'group-management',
  'mobile-experience',
  'accessibility',
  'performance',
  'security',
  'moderation',
  'analytics',
  'other',
] as const;
/** Section 4: an admin may set any status, in any order. */
export const REPORT_STATUSES = ['pending', 'under_review', 'resolved', 'rejected'] as const;
export const SUGGESTION_STATUSES = ['pending', 'under_review', 'approved', 'implemented', 'rejected'] as const;
export const SUGGESTION_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
/** What a member can report from where they see it. */
export const REPORT_TARGET_TYPES = ['topic', 'opinion', 'chat_message'] as const;
export const FEEDBACK_CONTENT_MAX_LENGTH = 2000;
/** What an admin may hide (a topic has its creator's delete instead). */
export const HIDEABLE_TARGET_TYPES = ['opinion', 'chat_message'] as const;
/** What an admin may do about a report's item and its author (docs/decisions.md, Moderation actions). */
export const REPORT_ACTIONS = ['hide', 'restore', 'warn', 'ban'] as const;
