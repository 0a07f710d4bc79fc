import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type ReportStatus } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { leaderReportDecider } from './leader-report.decider';

const leaderReportId = '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11';
const [reporter, reported, leader, admin] = [
  '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  '1e0f9a8b-7c6d-4a3b-9c2d-9a8b7c6d5e4f',
  'a1b2c3d4-0b8a-4c55-9a1e-3f0c2a9d8e11',
  '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f',
];
const GROUP = 1682;

const report = (overrides: Partial<{ reportedUserId: string; reason: string; description: string; evidence: string | null }> = {}) => ({
  leaderReportId,
  reporterId: reporter,
  reportedUserId: reported,
  groupId: GROUP,
  reason: 'Harassment in the chat',
  description: 'Insulted members who disagreed, three days running.',
  evidence: 'Chat of 3 to 5 March',
  ...overrides,
});
const filed = (data = report()) => ({ type: 'LeaderReportFiled' as const, data });
const review = (status: ReportStatus, reviewedBy = leader, reviewerRole: 'leader' | 'admin' = 'leader', notes: string | null = null) => ({
  leaderReportId,
  status,
  notes,
  reviewedBy,
  reviewerRole,
});
const reviewed = (data: ReturnType<typeof review>) => ({ type: 'LeaderReportReviewed' as const, data: { ...data, groupId: GROUP } });

describe('leader report decider', () => {
  const spec = deciderSpec(leaderReportDecider);

  it('files a report about another member, pending', () => {
    spec.given([]).when({ type: 'fileLeaderReport', report: report() }).then([filed()]);
    spec
      .given([])
      .when({ type: 'fileLeaderReport', report: report({ evidence: null }) })
      .then([filed(report({ evidence: null }))]);
  });

  it('refuses a report about oneself, a blank reason or description, and a second filing of the same report', () => {
    spec
      .given([])
      .when({ type: 'fileLeaderReport', report: report({ reportedUserId: reporter }) })
      .thenThrows(ValidationError, 'You cannot report yourself.');
    spec
      .given([])
      .when({ type: 'fileLeaderReport', report: report({ reason: ' ' }) })
      .thenThrows(ValidationError, 'Please give a reason for your report.');
    spec
      .given([])
      .when({ type: 'fileLeaderReport', report: report({ description: '\n' }) })
      .thenThrows(ValidationError, 'Please describe what happened.');
    spec.given([filed()]).when({ type: 'fileLeaderReport', report: report() }).thenThrows(ConflictError);
  });

  it('lets the reviewer set any status in any order, naming the group and whether a leader or an admin decided', () => {
    spec
      .given([filed()])
      .when({ type: 'reviewLeaderReport', review: review('under_review') })
      .then([reviewed(review('under_review'))]);
    spec
      .given([filed(), reviewed(review('resolved'))])
      .when({ type: 'reviewLeaderReport', review: review('pending', admin, 'admin', 'Reopened.') })
      .then([reviewed(review('pending', admin, 'admin', 'Reopened.'))]);
    spec
      .given([filed(), reviewed(review('rejected'))])
      .when({ type: 'reviewLeaderReport', review: review('rejected') })
      .then([]);
  });

  it('keeps a leader from judging a report about themselves; an admin may', () => {
    spec
      .given([filed()])
      .when({ type: 'reviewLeaderReport', review: review('rejected', reported, 'leader') })
      .thenThrows(ForbiddenError, 'A report about you is reviewed by an administrator.');
    spec
      .given([filed()])
      .when({ type: 'reviewLeaderReport', review: review('resolved', admin, 'admin') })
      .then([reviewed(review('resolved', admin, 'admin'))]);
  });

  it('answers 404 for a report never filed', () => {
    spec
      .given([])
      .when({ type: 'reviewLeaderReport', review: review('resolved') })
      .thenThrows(NotFoundError, 'Leader report not found');
  });
});
