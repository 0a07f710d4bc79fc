import type { EventMetadata } from '../event-store';
import type { EventOfType } from '../platform-events';
import { blankToNull } from '../text';

/** What an audit entry is about; `member` entries name the member by their user id. */
export const AUDIT_SUBJECT_TYPES = ['verification', 'report', 'suggestion', 'leader_report', 'member'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** Every kind of decision or submission the trail records, one per event type it maps. */
export const AUDIT_KINDS = [
  'report.submitted',
  'report.reviewed',
  'suggestion.submitted',
  'suggestion.reviewed',
  'leader_report.filed',
  'leader_report.reviewed',
  'content.hidden',
  'content.restored',
  'member.warned',
  'verification.submitted',
  'verification.approved',
  'verification.rejected',
  'verification.confirmed_by_leader',
  'verification.removed',
  'role.granted',
  'role.revoked',
  'member.banned',
  'member.unbanned',
  'badge.granted',
  'badge.revoked',
  'account.erased',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/**
 * One line of the audit trail: who (`actorId`, null when the platform itself decided: an
 * automatic first-nationality approval, a role from ADMIN_EMAILS), did what (`kind`, with the
 * `decision` taken), to what (`subjectType`/`subjectId`, concerning the member
 * `subjectUserId`), and why (`reason`). Ids only: names are looked up when the trail is read,
 * so an erased member's name is never kept here.
 */
export interface AuditEntry {
  kind: AuditKind;
  actorId: string | null;
  subjectType: AuditSubjectType;
  subjectId: string;
  /** The member the subject belongs to; null when the event does not say (a review names only its report). */
  subjectUserId: string | null;
  decision: string | null;
  reason: string | null;
}

/** The event types the trail maps (the audit projection handles exactly these). */
export const AUDITED_EVENT_TYPES = [
  'ReportSubmitted',
  'ReportReviewed',
  'SuggestionSubmitted',
  'SuggestionReviewed',
  'LeaderReportFiled',
  'LeaderReportReviewed',
  'ContentHidden',
  'ContentRestored',
  'MemberWarned',
  'VerificationSubmitted',
  'VerificationApproved',
  'VerificationRejected',
  'VerificationConfirmedByLeader',
  'VerificationRemoved',
  'UserRoleGranted',
  'UserRoleRevoked',
  'UserBanned',
  'UserUnbanned',
  'BadgeGranted',
  'BadgeRevoked',
  'AccountErased',
] as const;
export type AuditedEvent = EventOfType<(typeof AUDITED_EVENT_TYPES)[number]>;

const entry = (
  kind: AuditKind,
  actorId: string | null,
  subjectType: AuditSubjectType,
  subjectId: string,
  subjectUserId: string | null,
  decision: string | null,
  reason: string | null = null,
): AuditEntry => ({ kind, actorId, subjectType, subjectId, subjectUserId, decision, reason });

/**
 * The audit entry an event makes, or null for events that are no decision, submission or
 * leader action. Pure: the same event always maps to the same entry, so the trail rebuilds
 * identically. `metadata.actorId` (who issued the command) stands in only where the event does
 * not name its actor itself.
 */
export function auditEntryOf(event: { type: string; data: unknown; metadata?: EventMetadata }): AuditEntry | null {
  const issuer = event.metadata?.actorId ?? null;
  const audited = event as AuditedEvent;
  switch (audited.type) {
    case 'ReportSubmitted': {
      // The report concerns the author of what it names (the reporter is its actor), else nobody in particular.
      const { reportId, userId, type, targetAuthorId } = audited.data;
      return entry('report.submitted', userId, 'report', reportId, targetAuthorId ?? null, type);
    }
    case 'ReportReviewed': {
      const { reportId, status, adminNotes, reviewedBy } = audited.data;
      return entry('report.reviewed', reviewedBy, 'report', reportId, null, status, blankToNull(adminNotes));
    }
    case 'SuggestionSubmitted': {
      const { suggestionId, userId, type } = audited.data;
      return entry('suggestion.submitted', userId, 'suggestion', suggestionId, userId, type);
    }
    case 'SuggestionReviewed': {
      const { suggestionId, status, priority, adminNotes, reviewedBy } = audited.data;
      return entry('suggestion.reviewed', reviewedBy, 'suggestion', suggestionId, null, `${status}, priority ${priority}`, blankToNull(adminNotes));
    }
    case 'LeaderReportFiled': {
      const { leaderReportId, reporterId, reportedUserId, reason } = audited.data;
      return entry('leader_report.filed', reporterId, 'leader_report', leaderReportId, reportedUserId, 'pending', blankToNull(reason));
    }
    case 'LeaderReportReviewed': {
      const { leaderReportId, status, notes, reviewedBy, reviewerRole } = audited.data;
      return entry('leader_report.reviewed', reviewedBy, 'leader_report', leaderReportId, null, `${status} (as ${reviewerRole})`, blankToNull(notes));
    }
    case 'ContentHidden': {
      const { reportId, targetType, authorId, reason, hiddenBy } = audited.data;
      return entry('content.hidden', hiddenBy, 'report', reportId, authorId, `${targetType} hidden`, blankToNull(reason));
    }
    case 'ContentRestored': {
      const { reportId, targetType, authorId, reason, restoredBy } = audited.data;
      return entry('content.restored', restoredBy, 'report', reportId, authorId, `${targetType} restored`, blankToNull(reason));
    }
    case 'MemberWarned': {
      const { reportId, userId, reason, warnedBy } = audited.data;
      return entry('member.warned', warnedBy, 'report', reportId, userId, 'warned', blankToNull(reason));
    }
    case 'VerificationSubmitted': {
      // The national id and the document stay out: the trail says only that a claim was made, and how.
      const { verificationId, userId, verificationType } = audited.data;
      return entry('verification.submitted', userId, 'verification', verificationId, userId, verificationType);
    }
    case 'VerificationApproved': {
      const { verificationId, userId, reviewedBy } = audited.data;
      return entry('verification.approved', reviewedBy, 'verification', verificationId, userId, reviewedBy === null ? 'approved automatically' : 'approved');
    }
    case 'VerificationRejected': {
      const { verificationId, userId, reason, reviewedBy } = audited.data;
      return entry('verification.rejected', reviewedBy, 'verification', verificationId, userId, 'rejected', blankToNull(reason));
    }
    case 'VerificationConfirmedByLeader': {
      const { verificationId, userId, leaderId } = audited.data;
      return entry('verification.confirmed_by_leader', leaderId, 'verification', verificationId, userId, 'confirmed by leader');
    }
    case 'VerificationRemoved': {
      const { verificationId, userId } = audited.data;
      return entry('verification.removed', issuer ?? userId, 'verification', verificationId, userId, 'removed');
    }
    case 'UserRoleGranted': {
      // No grantedBy: ADMIN_EMAILS granted it (the configuration decided, not a person).
      const { userId, role, grantedBy, reason } = audited.data;
      return entry('role.granted', grantedBy ?? null, 'member', userId, userId, role, blankToNull(reason));
    }
    case 'UserRoleRevoked': {
      const { userId, role, revokedBy, reason } = audited.data;
      return entry('role.revoked', revokedBy ?? null, 'member', userId, userId, role, blankToNull(reason));
    }
    case 'UserBanned': {
      const { userId, reason, bannedBy } = audited.data;
      return entry('member.banned', bannedBy, 'member', userId, userId, 'banned', blankToNull(reason));
    }
    case 'UserUnbanned': {
      const { userId, reason, unbannedBy } = audited.data;
      return entry('member.unbanned', unbannedBy, 'member', userId, userId, 'unbanned', blankToNull(reason));
    }
    case 'BadgeGranted': {
      const { userId, badge, grantedBy, reason } = audited.data;
      return entry('badge.granted', grantedBy, 'member', userId, userId, badge, blankToNull(reason));
    }
    case 'BadgeRevoked': {
      const { userId, badge, revokedBy, reason } = audited.data;
      return entry('badge.revoked', revokedBy, 'member', userId, userId, badge, blankToNull(reason));
    }
    case 'AccountErased': {
      const { userId, erasedBy, via } = audited.data;
      return entry('account.erased', erasedBy, 'member', userId, userId, via);
    }
    default:
      return null;
  }
}
