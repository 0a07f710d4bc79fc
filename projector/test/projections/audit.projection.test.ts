import { reportStream, suggestionStream, userStream } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditProjection } from '../../src/audit/audit.projection';
import { ProjectionSpec, at, expectRows, specEventId, type SpecEvent } from '../projection-spec';
import {
  newId,
  opinionPosted,
  roleGranted,
  userRegistered,
  verificationApproved,
  verificationConfirmedByLeader,
  verificationRejected,
  verificationRemoved,
  verificationSubmitted,
} from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const T4 = '2026-03-04T10:00:00.000Z';
const COLUMNS = ['event_id', 'occurred_at', 'kind', 'actor_id', 'subject_type', 'subject_id', 'subject_user_id', 'decision', 'reason'];
const BY_POSITION = { columns: COLUMNS, orderBy: ['position'] };

/** A report about an opinion by `authorId` (the member the report concerns), or about nothing in particular. */
const reportSubmitted = (reportId: string, userId: string, authorId: string | null = null): SpecEvent => ({
  type: 'ReportSubmitted',
  streamId: reportStream(reportId),
  data: {
    reportId,
    userId,
    type: 'harassment',
    content: 'He keeps insulting me.',
    ...(authorId ? { targetType: 'opinion', targetId: newId(), targetAuthorId: authorId } : { targetType: null, targetId: null }),
  },
});
const reportReviewed = (reportId: string, reviewedBy: string, status: string, adminNotes: string | null): SpecEvent => ({
  type: 'ReportReviewed',
  streamId: reportStream(reportId),
  data: { reportId, status, adminNotes, reviewedBy },
});
const suggestionReviewed = (suggestionId: string, reviewedBy: string): SpecEvent => ({
  type: 'SuggestionReviewed',
  streamId: suggestionStream(suggestionId),
  data: { suggestionId, status: 'under_review', priority: 'high', adminNotes: null, reviewedBy },
});
const banned = (userId: string, bannedBy: string, reason: string): SpecEvent => ({
  type: 'UserBanned',
  streamId: userStream(userId),
  data: { userId, reason, bannedBy },
});

describe('audit projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(auditProjection);
  });
  afterAll(async () => spec.close());

  it('records a verification\u2019s history by ids: submission, leader confirmation, rejection with its reason, approval; never the national id', async () => {
    const member = newId();
    const admin = newId();
    const leader = newId();
    const verification = newId();
    const sealed = await spec.vault.seal(member, '1234567890');
    const history = [
      at(
        T1,
        verificationSubmitted(verification, member, sealed, {
          verificationType: 'document',
          documentImageUrl: `/api/user/verifications/${verification}/document`,
        }),
      ),
      at(T2, verificationConfirmedByLeader(verification, member, leader)),
      at(T3, verificationRejected(verification, member, admin, 'The photo is blurred.')),
      at(T4, verificationApproved(verification, member, admin)),
    ];
    const subject = { subject_type: 'verification', subject_id: verification, subject_user_id: member };
    const outcome = await spec.given(history).run();
    expect(await outcome.rows('audit_entries', BY_POSITION)).toEqual([
      { event_id: specEventId(1), occurred_at: T1, kind: 'verification.submitted', actor_id: member, ...subject, decision: 'document', reason: null },
      {
        event_id: specEventId(2),
        occurred_at: T2,
        kind: 'verification.confirmed_by_leader',
        actor_id: leader,
        ...subject,
        decision: 'confirmed by leader',
        reason: null,
      },
      {
        event_id: specEventId(3),
        occurred_at: T3,
        kind: 'verification.rejected',
        actor_id: admin,
        ...subject,
        decision: 'rejected',
        reason: 'The photo is blurred.',
      },
      { event_id: specEventId(4), occurred_at: T4, kind: 'verification.approved', actor_id: admin, ...subject, decision: 'approved', reason: null },
    ]);
    const stored = JSON.stringify(await outcome.rows('audit_entries'));
    expect(stored).not.toContain('1234567890');
    expect(stored).not.toContain(sealed);
  });

  it('names the platform as no one: an automatic approval and a role from ADMIN_EMAILS have no actor', async () => {
    const member = newId();
    const verification = newId();
    await spec
      .given([
        at(T1, verificationSubmitted(verification, member, await spec.vault.seal(member, '5550001111'))),
        at(T1, verificationApproved(verification, member, null)),
        at(T2, roleGranted(member, 'admin')),
      ])
      .then(
        expectRows('audit_entries', { columns: ['kind', 'actor_id', 'decision'], orderBy: ['position'] }).toEqual([
          { kind: 'verification.submitted', actor_id: member, decision: 'id_number' },
          { kind: 'verification.approved', actor_id: null, decision: 'approved automatically' },
          { kind: 'role.granted', actor_id: null, decision: 'admin' },
        ]),
      );
  });

  it('gives a review the member of the item it reviews (the reported author, never the reporter), whether its submission came in the same batch or an earlier one', async () => {
    const member = newId();
    const author = newId();
    const admin = newId();
    const report = newId();
    const events = [
      at(T1, reportSubmitted(report, member, author)),
      at(T2, reportReviewed(report, admin, 'under_review', null)),
      at(T3, reportReviewed(report, admin, 'resolved', 'Warned him.')),
    ];
    const expected = [
      { kind: 'report.submitted', actor_id: member, subject_user_id: author, decision: 'harassment', reason: null },
      { kind: 'report.reviewed', actor_id: admin, subject_user_id: author, decision: 'under_review', reason: null },
      { kind: 'report.reviewed', actor_id: admin, subject_user_id: author, decision: 'resolved', reason: 'Warned him.' },
    ];
    const columns = { columns: ['kind', 'actor_id', 'subject_user_id', 'decision', 'reason'], orderBy: ['position'] };
    await spec.given(events).then(expectRows('audit_entries', columns).toEqual(expected));
    await spec.given().whenEach(events).then(expectRows('audit_entries', columns).toEqual(expected));
    // A review of an item the trail never saw submitted keeps no member rather than a guess.
    const orphan = newId();
    await spec
      .given([at(T1, suggestionReviewed(orphan, admin))])
      .then(
        expectRows('audit_entries', { columns: ['subject_type', 'subject_id', 'subject_user_id', 'decision'] }).toEqual([
          { subject_type: 'suggestion', subject_id: orphan, subject_user_id: null, decision: 'under_review, priority high' },
        ]),
      );
  });

  it('records bans and removals on their members, and nothing for events that decide nothing', async () => {
    const member = newId();
    const admin = newId();
    const verification = newId();
    const groupId = 1682;
    await spec
      .given([
        at(T1, userRegistered(member)),
        at(T1, opinionPosted(newId(), newId(), groupId, member)),
        at(T2, banned(member, admin, 'Spam in every topic')),
        at(T3, verificationRemoved(verification, member)),
      ])
      .then(
        expectRows('audit_entries', { columns: ['kind', 'actor_id', 'subject_type', 'subject_id', 'reason'], orderBy: ['position'] }).toEqual([
          { kind: 'member.banned', actor_id: admin, subject_type: 'member', subject_id: member, reason: 'Spam in every topic' },
          { kind: 'verification.removed', actor_id: member, subject_type: 'verification', subject_id: verification, reason: null },
        ]),
      );
  });

  it('adds nothing when a batch comes again', async () => {
    const member = newId();
    const admin = newId();
    await spec
      .given([at(T1, banned(member, admin, 'Spam'))])
      .redelivered()
      .then(expectRows('audit_entries', { columns: ['kind', 'subject_id'] }).toEqual([{ kind: 'member.banned', subject_id: member }]));
  });
});
