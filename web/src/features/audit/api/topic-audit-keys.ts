/** The auditor's reads of topics (issue #15), apart from the admin trail's ['admin','audit'] keys. */
export const AUDIT_TOPICS_KEY = ['audit', 'topics'] as const;

export const auditTopicsKey = () => [...AUDIT_TOPICS_KEY, 'list'] as const;
export const topicHistoryKey = (topicId: string, kind: string | undefined) => [...AUDIT_TOPICS_KEY, topicId, 'history', kind ?? 'all'] as const;
export const topicTimelineKey = (topicId: string) => [...AUDIT_TOPICS_KEY, topicId, 'timeline'] as const;
