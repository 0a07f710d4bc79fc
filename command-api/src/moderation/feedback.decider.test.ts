import { ConflictError, NotFoundError, REPORT_STATUSES, SUGGESTION_PRIORITIES, SUGGESTION_STATUSES, ValidationError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { reportDecider, suggestionDecider } from './feedback.decider';

const reportId = '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11';
const suggestionId = '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f';
const member = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const admin = '1e0f9a8b-7c6d-4a3b-9c2d-9a8b7c6d5e4f';
const topicId = 'a1b2c3d4-0b8a-4c55-9a1e-3f0c2a9d8e11';

const report = (overrides: Partial<{ content: string; targetType: 'topic' | null; targetId: string | null }> = {}) => ({
  reportId,
  userId: member,
  type: 'spam' as const,
  content: 'The same advert in every topic.',
  targetType: 'topic' as const,
  targetId: topicId,
  ...overrides,
});
const submitted = (data = report()) => ({ type: 'ReportSubmitted' as const, data });
const reviewed = (status: (typeof REPORT_STATUSES)[number], adminNotes: string | null = null) => ({
  type: 'ReportReviewed' as const,
  data: { reportId, status, adminNotes, reviewedBy: admin },
});

describe('report decider (docs/product.md, States and Rules: reports start pending; an admin sets any status in any order)', () => {
  const spec = deciderSpec(reportDecider);

  it('submits a report about a topic, and one about nothing in particular', () => {
    spec.given([]).when({ type: 'submitReport', report: report() }).then([submitted()]);
    const general = report({ targetType: null, targetId: null });
    spec
      .given([])
      .when({ type: 'submitReport', report: general })
      .then([submitted(general)]);
  });

  it('refuses blank details and more than 2000 characters, taking exactly 2000', () => {
    spec
      .given([])
      .when({ type: 'submitReport', report: report({ content: ' \n ' }) })
      .thenThrows(ValidationError, 'Please select a report type and provide details.');
    spec
      .given([])
      .when({ type: 'submitReport', report: report({ content: 'x'.repeat(2001) }) })
      .thenThrows(ValidationError, 'Details must be at most 2000 characters');
    spec
      .given([])
      .when({ type: 'submitReport', report: report({ content: 'x'.repeat(2000) }) })
      .then([submitted(report({ content: 'x'.repeat(2000) }))]);
  });

  it('never submits the same report twice', () => {
    spec.given([submitted()]).when({ type: 'submitReport', report: report() }).thenThrows(ConflictError);
  });

  it('lets an admin set every status, from any status, back and forth', () => {
    for (const from of REPORT_STATUSES) {
      for (const to of REPORT_STATUSES) {
        if (from === to) continue;
        const history = from === 'pending' ? [submitted()] : [submitted(), reviewed(from)];
        spec
          .given(history)
          .when({ type: 'reviewReport', review: reviewed(to).data })
          .then([reviewed(to)]);
      }
    }
    spec
      .given([submitted(), reviewed('resolved')])
      .when({ type: 'reviewReport', review: reviewed('pending', 'Reopened: more reports came in.').data })
      .then([reviewed('pending', 'Reopened: more reports came in.')]);
  });

  it('records new notes on the same status, and nothing when nothing changes', () => {
    spec
      .given([submitted(), reviewed('under_review')])
      .when({ type: 'reviewReport', review: reviewed('under_review', 'Asked the author.').data })
      .then([reviewed('under_review', 'Asked the author.')]);
    spec
      .given([submitted(), reviewed('resolved', 'Removed.')])
      .when({ type: 'reviewReport', review: reviewed('resolved', 'Removed.').data })
      .then([]);
    spec
      .given([submitted()])
      .when({ type: 'reviewReport', review: reviewed('pending').data })
      .then([]);
  });

  it('answers 404 for a report that was never submitted', () => {
    spec
      .given([])
      .when({ type: 'reviewReport', review: reviewed('resolved').data })
      .thenThrows(NotFoundError, 'Report not found');
  });
});

const suggestion = (content = 'Let members follow a topic by e-mail.') => ({ suggestionId, userId: member, type: 'new-feature' as const, content });
const suggested = (content?: string) => ({ type: 'SuggestionSubmitted' as const, data: { ...suggestion(content), priority: 'medium' as const } });
const suggestionReviewed = (
  status: (typeof SUGGESTION_STATUSES)[number],
  priority: (typeof SUGGESTION_PRIORITIES)[number],
  adminNotes: string | null = null,
) => ({ type: 'SuggestionReviewed' as const, data: { suggestionId, status, priority, adminNotes, reviewedBy: admin } });

describe('suggestion decider (section 4: pending with priority medium; an admin sets any status and priority)', () => {
  const spec = deciderSpec(suggestionDecider);

  it('submits a suggestion, pending with priority medium', () => {
    spec.given([]).when({ type: 'submitSuggestion', suggestion: suggestion() }).then([suggested()]);
  });

  it('refuses blank details and more than 2000 characters', () => {
    spec
      .given([])
      .when({ type: 'submitSuggestion', suggestion: suggestion('   ') })
      .thenThrows(ValidationError, 'Please select a suggestion type and provide details.');
    spec
      .given([])
      .when({ type: 'submitSuggestion', suggestion: suggestion('x'.repeat(2001)) })
      .thenThrows(ValidationError, 'Details must be at most 2000 characters');
    spec.given([suggested()]).when({ type: 'submitSuggestion', suggestion: suggestion() }).thenThrows(ConflictError);
  });

  it('lets an admin set any status with any priority, in any order', () => {
    for (const status of SUGGESTION_STATUSES) {
      for (const priority of SUGGESTION_PRIORITIES) {
        if (status === 'pending' && priority === 'medium') continue;
        spec
          .given([suggested()])
          .when({ type: 'reviewSuggestion', review: suggestionReviewed(status, priority).data })
          .then([suggestionReviewed(status, priority)]);
      }
    }
    spec
      .given([suggested(), suggestionReviewed('implemented', 'high')])
      .when({ type: 'reviewSuggestion', review: suggestionReviewed('under_review', 'low', 'Not done after all.').data })
      .then([suggestionReviewed('under_review', 'low', 'Not done after all.')]);
  });

  it('records nothing when nothing changes, and answers 404 for an unknown suggestion', () => {
    spec
      .given([suggested()])
      .when({ type: 'reviewSuggestion', review: suggestionReviewed('pending', 'medium').data })
      .then([]);
    spec
      .given([suggested(), suggestionReviewed('approved', 'critical', 'Soon.')])
      .when({ type: 'reviewSuggestion', review: suggestionReviewed('approved', 'critical', 'Soon.').data })
      .then([]);
    spec
      .given([])
      .when({ type: 'reviewSuggestion', review: suggestionReviewed('approved', 'high').data })
      .thenThrows(NotFoundError, 'Suggestion not found');
  });
});
