import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS, auditEntryOf, createEventRegistry, type AuditEntry, type DomainEvent } from '../index';

const registry = createEventRegistry();
const ADMIN = '00000000-0000-4000-8000-00000000000a';
const LEADER = '00000000-0000-4000-8000-00000000000b';
const MEMBER = '00000000-0000-4000-8000-00000000000c';
const OTHER = '00000000-0000-4000-8000-00000000000d';
const ITEM = '00000000-0000-4000-8000-0000000000e1';

/** Checked against the registry first, so each case is an event the platform could store. */
const mapped = (event: DomainEvent, actorId: string | null = null) => {
  registry.prepare(event);
  return auditEntryOf({ ...event, metadata: { actorId } });
};
const expected = (overrides: Partial<AuditEntry> & Pick<AuditEntry, 'kind' | 'subjectType'>): AuditEntry => ({
  actorId: null,
  subjectId: ITEM,
  subjectUserId: null,
  decision: null,
  reason: null,
  ...overrides,
});

describe('auditEntryOf', () => {
  it('maps reports and suggestions: the submitter, then each review with its status and notes', () => {
    expect(
      mapped({ type: 'ReportSubmitted', data: { reportId: ITEM, userId: MEMBER, type: 'spam', content: 'Buy now!', targetType: 'opinion', targetId: OTHER } }),
    ).toEqual(expected({ kind: 'report.submitted', actorId: MEMBER, subjectType: 'report', decision: 'spam' }));
    // A report concerns the author of what it names, never the reporter (who is its actor).
    expect(
      mapped({
        type: 'ReportSubmitted',
        data: { reportId: ITEM, userId: MEMBER, type: 'spam', content: 'Buy now!', targetType: 'opinion', targetId: OTHER, targetAuthorId: OTHER },
      }),
    ).toEqual(expected({ kind: 'report.submitted', actorId: MEMBER, subjectType: 'report', subjectUserId: OTHER, decision: 'spam' }));
    expect(mapped({ type: 'ReportReviewed', data: { reportId: ITEM, status: 'resolved', adminNotes: 'Removed the opinion.', reviewedBy: ADMIN } })).toEqual(
      expected({ kind: 'report.reviewed', actorId: ADMIN, subjectType: 'report', decision: 'resolved', reason: 'Removed the opinion.' }),
    );
    expect(
      mapped({ type: 'SuggestionSubmitted', data: { suggestionId: ITEM, userId: MEMBER, type: 'accessibility', content: 'Bigger fonts', priority: 'medium' } }),
    ).toEqual(expected({ kind: 'suggestion.submitted', actorId: MEMBER, subjectType: 'suggestion', subjectUserId: MEMBER, decision: 'accessibility' }));
    expect(
      mapped({ type: 'SuggestionReviewed', data: { suggestionId: ITEM, status: 'approved', priority: 'high', adminNotes: '  ', reviewedBy: ADMIN } }),
    ).toEqual(expected({ kind: 'suggestion.reviewed', actorId: ADMIN, subjectType: 'suggestion', decision: 'approved, priority high' }));
  });

  it('maps leader reports: filed by the reporter about the reported member, reviewed as leader or admin', () => {
    expect(
      mapped({
        type: 'LeaderReportFiled',
        data: {
          leaderReportId: ITEM,
          reporterId: MEMBER,
          reportedUserId: OTHER,
          groupId: 1682,
          reason: 'Harassment',
          description: 'Rude replies',
          evidence: null,
        },
      }),
    ).toEqual(
      expected({ kind: 'leader_report.filed', actorId: MEMBER, subjectType: 'leader_report', subjectUserId: OTHER, decision: 'pending', reason: 'Harassment' }),
    );
    expect(
      mapped({
        type: 'LeaderReportReviewed',
        data: { leaderReportId: ITEM, groupId: 1682, status: 'rejected', notes: 'No evidence.', reviewedBy: LEADER, reviewerRole: 'leader' },
      }),
    ).toEqual(
      expected({ kind: 'leader_report.reviewed', actorId: LEADER, subjectType: 'leader_report', decision: 'rejected (as leader)', reason: 'No evidence.' }),
    );
  });

  it('maps verifications without the national id or document: automatic and reviewed approvals, rejections with the reason, leader confirmations, removals', () => {
    expect(
      mapped({
        type: 'VerificationSubmitted',
        data: {
          verificationId: ITEM,
          userId: MEMBER,
          country: 'Saudi Arabia',
          countryKey: 'saudi_arabia',
          nationalIdSealed: 'sealed:1234567890',
          verificationType: 'document',
          documentImageUrl: `/api/user/verifications/${ITEM}/document`,
        },
      }),
    ).toEqual(expected({ kind: 'verification.submitted', actorId: MEMBER, subjectType: 'verification', subjectUserId: MEMBER, decision: 'document' }));
    expect(
      mapped({ type: 'VerificationApproved', data: { verificationId: ITEM, userId: MEMBER, countryKey: 'saudi_arabia', reviewedBy: null } }, MEMBER),
    ).toEqual(expected({ kind: 'verification.approved', subjectType: 'verification', subjectUserId: MEMBER, decision: 'approved automatically' }));
    expect(mapped({ type: 'VerificationApproved', data: { verificationId: ITEM, userId: MEMBER, countryKey: 'saudi_arabia', reviewedBy: ADMIN } })).toEqual(
      expected({ kind: 'verification.approved', actorId: ADMIN, subjectType: 'verification', subjectUserId: MEMBER, decision: 'approved' }),
    );
    expect(
      mapped({
        type: 'VerificationRejected',
        data: { verificationId: ITEM, userId: MEMBER, countryKey: 'saudi_arabia', reason: 'The document is unreadable.', reviewedBy: ADMIN },
      }),
    ).toEqual(
      expected({
        kind: 'verification.rejected',
        actorId: ADMIN,
        subjectType: 'verification',
        subjectUserId: MEMBER,
        decision: 'rejected',
        reason: 'The document is unreadable.',
      }),
    );
    expect(
      mapped({ type: 'VerificationConfirmedByLeader', data: { verificationId: ITEM, userId: MEMBER, countryKey: 'saudi_arabia', leaderId: LEADER } }),
    ).toEqual(
      expected({
        kind: 'verification.confirmed_by_leader',
        actorId: LEADER,
        subjectType: 'verification',
        subjectUserId: MEMBER,
        decision: 'confirmed by leader',
      }),
    );
    // The event names no actor: whoever issued the command, else the member (it is their own claim).
    expect(mapped({ type: 'VerificationRemoved', data: { verificationId: ITEM, userId: MEMBER, countryKey: 'saudi_arabia' } })).toEqual(
      expected({ kind: 'verification.removed', actorId: MEMBER, subjectType: 'verification', subjectUserId: MEMBER, decision: 'removed' }),
    );
    expect(mapped({ type: 'VerificationRemoved', data: { verificationId: ITEM, userId: MEMBER, countryKey: 'saudi_arabia' } }, ADMIN)?.actorId).toBe(ADMIN);
  });

  it('maps roles: an admin with the reason, or nobody when ADMIN_EMAILS granted it (also for events without the new fields)', () => {
    expect(mapped({ type: 'UserRoleGranted', data: { userId: MEMBER, role: 'auditor', grantedBy: ADMIN, reason: 'Quarterly audit' } })).toEqual(
      expected({
        kind: 'role.granted',
        actorId: ADMIN,
        subjectType: 'member',
        subjectId: MEMBER,
        subjectUserId: MEMBER,
        decision: 'auditor',
        reason: 'Quarterly audit',
      }),
    );
    expect(mapped({ type: 'UserRoleGranted', data: { userId: MEMBER, role: 'admin' } }, MEMBER)).toEqual(
      expected({ kind: 'role.granted', subjectType: 'member', subjectId: MEMBER, subjectUserId: MEMBER, decision: 'admin' }),
    );
    expect(mapped({ type: 'UserRoleRevoked', data: { userId: MEMBER, role: 'admin', revokedBy: ADMIN, reason: null } })).toEqual(
      expected({ kind: 'role.revoked', actorId: ADMIN, subjectType: 'member', subjectId: MEMBER, subjectUserId: MEMBER, decision: 'admin' }),
    );
  });

  it('maps bans, badges and erasure onto the member', () => {
    const member = { subjectType: 'member' as const, subjectId: MEMBER, subjectUserId: MEMBER };
    expect(mapped({ type: 'UserBanned', data: { userId: MEMBER, reason: 'Spam', bannedBy: ADMIN } })).toEqual(
      expected({ kind: 'member.banned', actorId: ADMIN, ...member, decision: 'banned', reason: 'Spam' }),
    );
    expect(mapped({ type: 'UserUnbanned', data: { userId: MEMBER, reason: null, unbannedBy: ADMIN } })).toEqual(
      expected({ kind: 'member.unbanned', actorId: ADMIN, ...member, decision: 'unbanned' }),
    );
    expect(mapped({ type: 'BadgeGranted', data: { userId: MEMBER, badge: 'founder', grantedBy: ADMIN, reason: 'Built it' } })).toEqual(
      expected({ kind: 'badge.granted', actorId: ADMIN, ...member, decision: 'founder', reason: 'Built it' }),
    );
    expect(mapped({ type: 'BadgeRevoked', data: { userId: MEMBER, badge: 'founder', revokedBy: ADMIN, reason: null } })).toEqual(
      expected({ kind: 'badge.revoked', actorId: ADMIN, ...member, decision: 'founder' }),
    );
    expect(mapped({ type: 'AccountErased', data: { userId: MEMBER, erasedBy: MEMBER, via: 'password' } })).toEqual(
      expected({ kind: 'account.erased', actorId: MEMBER, ...member, decision: 'password' }),
    );
  });

  it('maps moderation actions to the report they were taken on, concerning the author, with the reason', () => {
    const hidden = { targetType: 'chat_message' as const, targetId: OTHER, topicId: OTHER, authorId: MEMBER, reportId: ITEM };
    expect(mapped({ type: 'ContentHidden', data: { ...hidden, reason: 'Insults', hiddenBy: ADMIN } })).toEqual(
      expected({ kind: 'content.hidden', actorId: ADMIN, subjectType: 'report', subjectUserId: MEMBER, decision: 'chat_message hidden', reason: 'Insults' }),
    );
    expect(mapped({ type: 'ContentRestored', data: { ...hidden, reason: null, restoredBy: ADMIN } })).toEqual(
      expected({ kind: 'content.restored', actorId: ADMIN, subjectType: 'report', subjectUserId: MEMBER, decision: 'chat_message restored' }),
    );
    expect(mapped({ type: 'MemberWarned', data: { userId: MEMBER, reportId: ITEM, reason: 'Keep it civil', warnedBy: ADMIN } })).toEqual(
      expected({ kind: 'member.warned', actorId: ADMIN, subjectType: 'report', subjectUserId: MEMBER, decision: 'warned', reason: 'Keep it civil' }),
    );
  });

  it('makes one kind per audited event type, and no entry for anything else', () => {
    expect(mapped({ type: 'UserPasswordChanged', data: { userId: MEMBER, passwordHash: 'x', reason: 'change' } })).toBeNull();
    expect(mapped({ type: 'GroupMemberJoined', data: { groupId: 10000, userId: MEMBER, role: 'member', isLeader: false } })).toBeNull();
    expect(auditEntryOf({ type: 'SomethingNew', data: {} })).toBeNull();
    expect(new Set(AUDIT_KINDS).size).toBe(21);
  });
});
