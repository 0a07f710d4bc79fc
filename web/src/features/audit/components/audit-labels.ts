import type { AuditEntryView, AuditKind, AuditSubjectType } from '@civitas/events/audit/audit.contract';

export const KIND_LABELS: Record<AuditKind, string> = {
  'report.submitted': 'Report submitted',
  'report.reviewed': 'Report reviewed',
  'suggestion.submitted': 'Suggestion submitted',
  'suggestion.reviewed': 'Suggestion reviewed',
  'leader_report.filed': 'Leader report filed',
  'leader_report.reviewed': 'Leader report reviewed',
  'verification.submitted': 'Verification submitted',
  'verification.approved': 'Verification approved',
  'verification.rejected': 'Verification rejected',
  'verification.confirmed_by_leader': 'Verification confirmed by a leader',
  'verification.removed': 'Verification removed',
  'role.granted': 'Role granted',
  'role.revoked': 'Role revoked',
  'member.banned': 'Member banned',
  'member.unbanned': 'Ban lifted',
  'badge.granted': 'Badge granted',
  'badge.revoked': 'Badge revoked',
  'account.erased': 'Account erased',
};

export const SUBJECT_LABELS: Record<AuditSubjectType, string> = {
  verification: 'Verification',
  report: 'Report',
  suggestion: 'Suggestion',
  leader_report: 'Leader report',
  member: 'Member',
};

/** Who decided: a member by name, else what decided in their place (nothing is left unnamed). */
export function actorName(entry: Pick<AuditEntryView, 'actor' | 'kind'>): string {
  if (entry.actor) return entry.actor.name;
  if (entry.kind === 'role.granted' || entry.kind === 'role.revoked') return 'ADMIN_EMAILS setting';
  if (entry.kind === 'verification.approved') return 'Automatic (first nationality)';
  return 'The platform';
}

/** The stored decision as words: statuses and types are written with underscores. */
export const decisionText = (decision: string) => decision.replaceAll('_', ' ');

/** "Verification of Reem Haddad", "Member: Reem Haddad", or the kind of item alone when no member is known. */
export function subjectText(entry: Pick<AuditEntryView, 'subjectType' | 'subject'>): string {
  if (entry.subjectType === 'member') return `Member: ${entry.subject?.name ?? 'unknown'}`;
  return entry.subject ? `${SUBJECT_LABELS[entry.subjectType]} concerning ${entry.subject.name}` : SUBJECT_LABELS[entry.subjectType];
}
