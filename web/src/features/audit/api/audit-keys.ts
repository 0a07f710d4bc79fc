import type { AuditKind, AuditSubjectType } from '@civitas/events/audit/audit.contract';

/** The audit trail's queries all sit under the panel's ['admin','audit'] key, which every admin action invalidates. */
export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;

/** What the Audit tab narrows the trail to. */
export interface AuditFilters {
  kind?: AuditKind;
  actorId?: string;
  subjectType?: AuditSubjectType;
  subjectId?: string;
}

export const auditListKey = (filters: AuditFilters) => [...ADMIN_AUDIT_KEY, 'list', filters] as const;
export const auditHistoryKey = (subjectType: AuditSubjectType, subjectId: string) => [...ADMIN_AUDIT_KEY, 'history', subjectType, subjectId] as const;
