import { AUDIT_PAGE_SIZE, reportStream, userStream } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { newId, roleGranted, userRegistered, verificationApproved, verificationRejected, verificationSubmitted } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();
const banned = (userId: string, bannedBy: string, reason: string) => ({ type: 'UserBanned', streamId: userStream(userId), data: { userId, reason, bannedBy } });
const unbanned = (userId: string, unbannedBy: string, reason: string | null) => ({
  type: 'UserUnbanned',
  streamId: userStream(userId),
  data: { userId, reason, unbannedBy },
});
const granted = (userId: string, role: 'admin' | 'auditor', grantedBy: string, reason: string) => ({
  type: 'UserRoleGranted',
  streamId: userStream(userId),
  data: { userId, role, grantedBy, reason },
});

describe('the audit trail: GET /api/admin/audit and one item\u2019s history', () => {
  let query: QueryApp;
  let admin: Member;
  let auditor: Member;
  let member: Member;
  let erased: Member;
  const verification = newId();
  const report = newId();

  beforeAll(async () => {
    query = await startQueryApp();
    [admin, auditor, member, erased] = [await query.member('Amal'), await query.member('Omar'), await query.member('Reem'), await query.member('Erin')];
    const sealed = await query.vault.seal(member.id, '1234567890');
    await query.record(
      // ADMIN_EMAILS made Amal an admin: no one granted it.
      at(minute(1), roleGranted(admin.id, 'admin')),
      at(minute(2), granted(auditor.id, 'auditor', admin.id, 'Quarterly audit')),
      at(
        minute(3),
        verificationSubmitted(verification, member.id, sealed, {
          country: 'Egypt',
          countryKey: 'egypt',
          verificationType: 'document',
          documentImageUrl: `/api/user/verifications/${verification}/document`,
        }),
      ),
      at(minute(4), verificationRejected(verification, member.id, admin.id, 'The photo is blurred.', 'egypt')),
      at(minute(5), verificationApproved(verification, member.id, admin.id, 'egypt')),
      at(minute(6), {
        type: 'ReportSubmitted',
        streamId: reportStream(report),
        // Erin reported an opinion of her own; the report concerns the opinion's author (never the reporter as such).
        data: {
          reportId: report,
          userId: erased.id,
          type: 'spam',
          content: 'Adverts everywhere.',
          targetType: 'opinion',
          targetId: newId(),
          targetAuthorId: erased.id,
        },
      }),
      at(minute(7), {
        type: 'ReportReviewed',
        streamId: reportStream(report),
        data: { reportId: report, status: 'resolved', adminNotes: 'Removed them.', reviewedBy: admin.id },
      }),
      at(minute(8), banned(member.id, admin.id, 'Spam in every topic')),
      at(minute(9), unbanned(member.id, admin.id, 'Appeal accepted')),
    );
    // Erin erased her account: her key is gone and her row keeps only its id.
    await query.vault.erase(erased.id);
    await query.record(
      at(minute(10), { type: 'AccountErased', streamId: userStream(erased.id), data: { userId: erased.id, erasedBy: erased.id, via: 'password' } }),
    );
  });
  afterAll(async () => query.close());

  const audit = (path: string, as: Member | undefined = admin) => query.get(path, as ? { as } : {});

  it('answers visitors 401 and members 403 on both routes; admins and auditors read', async () => {
    for (const path of ['/api/admin/audit', `/api/admin/audit/verification/${verification}`]) {
      expect((await query.get(path)).statusCode).toBe(401);
      const refused = await audit(path, member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Auditor or admin access required' });
      expect((await audit(path, auditor)).statusCode).toBe(200);
      expect((await audit(path, admin)).statusCode).toBe(200);
    }
  });

  it('lists every decision newest first, naming actor and subject from today\u2019s names, the platform as no one, an erased member as Deleted member', async () => {
    const answer = await audit('/api/admin/audit');
    expect(answer.statusCode).toBe(200);
    const { entries, nextCursor } = answer.json();
    expect(nextCursor).toBeNull();
    expect(entries.map((entry: { kind: string }) => entry.kind)).toEqual([
      'account.erased',
      'member.unbanned',
      'member.banned',
      'report.reviewed',
      'report.submitted',
      'verification.approved',
      'verification.rejected',
      'verification.submitted',
      'role.granted',
      'role.granted',
    ]);
    const byKind = (kind: string) => entries.find((entry: { kind: string }) => entry.kind === kind);
    expect(byKind('verification.rejected')).toEqual({
      id: expect.any(String),
      position: expect.any(String),
      occurredAt: minute(4),
      kind: 'verification.rejected',
      actor: { id: admin.id, name: 'Amal Tester' },
      subjectType: 'verification',
      subjectId: verification,
      subject: { id: member.id, name: 'Reem Tester' },
      decision: 'rejected',
      reason: 'The photo is blurred.',
    });
    expect(byKind('report.reviewed')).toMatchObject({
      actor: { name: 'Amal Tester' },
      subject: { id: erased.id, name: 'Deleted member' },
      decision: 'resolved',
      reason: 'Removed them.',
    });
    expect(entries.at(-1)).toMatchObject({ kind: 'role.granted', actor: null, subject: { name: 'Amal Tester' }, decision: 'admin' });
    // The trail keeps ids only: nothing of the national id reaches it.
    expect(answer.body).not.toContain('1234567890');
  });

  it('filters by actor, subject, kind and time, and refuses filters it does not know', async () => {
    const kinds = async (search: string) => (await audit(`/api/admin/audit?${search}`)).json().entries.map((entry: { kind: string }) => entry.kind);
    expect(await kinds(`actorId=${auditor.id}`)).toEqual([]);
    expect(await kinds(`actorId=${admin.id}&kind=member.banned`)).toEqual(['member.banned']);
    expect(await kinds(`subjectType=verification&subjectId=${verification}`)).toEqual([
      'verification.approved',
      'verification.rejected',
      'verification.submitted',
    ]);
    expect(await kinds(`subjectType=member&subjectId=${member.id}`)).toEqual(['member.unbanned', 'member.banned']);
    expect(await kinds(`from=${minute(4)}&to=${minute(6)}`)).toEqual(['report.submitted', 'verification.approved', 'verification.rejected']);
    for (const [search, message] of [
      ['kind=everything', /^Kind must be one of/],
      ['subjectType=group', /^Subject type must be one of/],
      ['from=yesterday', /^from must be an ISO date/],
      ['actorId=someone', /^actorId must be a member id/],
      ['before=not-a-position', /^No such audit entry/],
    ] as const) {
      const refused = await audit(`/api/admin/audit?${search}`);
      expect(refused.statusCode, search).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
  });

  it('pages newest first with the last entry\u2019s position as the cursor', async () => {
    const target = await query.member('Paged');
    const many = Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, index) =>
      at(minute(20 + index), index % 2 === 0 ? banned(target.id, admin.id, `Ban ${index}`) : unbanned(target.id, admin.id, null)),
    );
    await query.record(...many);
    const first = (await audit(`/api/admin/audit?subjectType=member&subjectId=${target.id}`)).json();
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({ kind: 'member.banned', reason: `Ban ${AUDIT_PAGE_SIZE + 4}` });
    expect(first.nextCursor).toBe(first.entries.at(-1).position);
    const second = (await audit(`/api/admin/audit?subjectType=member&subjectId=${target.id}&before=${first.nextCursor}`)).json();
    expect(second.entries.map((entry: { reason: string | null }) => entry.reason)).toEqual(['Ban 4', null, 'Ban 2', null, 'Ban 0']);
    expect(second.nextCursor).toBeNull();
  });

  it('tells one item\u2019s whole history oldest first; a member\u2019s history is everything concerning them', async () => {
    const history = (await audit(`/api/admin/audit/verification/${verification}`, auditor)).json();
    expect(history.subjectType).toBe('verification');
    expect(
      history.entries.map((entry: { kind: string; actor: { name: string } | null; reason: string | null }) => [
        entry.kind,
        entry.actor?.name ?? null,
        entry.reason,
      ]),
    ).toEqual([
      ['verification.submitted', 'Reem Tester', null],
      ['verification.rejected', 'Amal Tester', 'The photo is blurred.'],
      ['verification.approved', 'Amal Tester', null],
    ]);
    const memberHistory = (await audit(`/api/admin/audit/member/${member.id}`)).json();
    expect(memberHistory.entries.map((entry: { kind: string }) => entry.kind)).toEqual([
      'verification.submitted',
      'verification.rejected',
      'verification.approved',
      'member.banned',
      'member.unbanned',
    ]);
    expect((await audit(`/api/admin/audit/report/${newId()}`)).json().entries).toEqual([]);
    expect((await audit('/api/admin/audit/member/not-a-member')).json().entries).toEqual([]);
    const refused = await audit(`/api/admin/audit/group/${newId()}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Subject type must be one of: verification, report, suggestion, leader_report, member/);
  });

  it('names a member who gave one name by their e-mail, as the admin panel does (personName)', async () => {
    const hana = newId();
    await query.record(
      userRegistered(hana, { firstName: 'Hana', lastName: '  ', email: 'hana.audit@example.org' }),
      at(minute(20), banned(hana, admin.id, 'Spam')),
    );
    const history = (await audit(`/api/admin/audit/member/${hana}`)).json();
    expect(history.entries.map((entry: { subject: { name: string } | null }) => entry.subject?.name)).toEqual(['hana.audit@example.org']);
  });
});
