import { reportStream, suggestionStream, type ReportReviewed, type ReportSubmitted, type SuggestionReviewed, type SuggestionSubmitted } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackProjection } from '../../src/moderation/feedback.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T11:30:00.000Z';
const T3 = '2026-03-02T08:15:00.000Z';

const reportSubmitted = (data: ReportSubmitted['data']) => ({ type: 'ReportSubmitted' as const, streamId: reportStream(data.reportId), data });
const reportReviewed = (data: ReportReviewed['data']) => ({ type: 'ReportReviewed' as const, streamId: reportStream(data.reportId), data });
const suggestionSubmitted = (data: SuggestionSubmitted['data']) => ({
  type: 'SuggestionSubmitted' as const,
  streamId: suggestionStream(data.suggestionId),
  data,
});
const suggestionReviewed = (data: SuggestionReviewed['data']) => ({ type: 'SuggestionReviewed' as const, streamId: suggestionStream(data.suggestionId), data });

describe('feedback projection (reports and suggestions)', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(feedbackProjection);
  });
  afterAll(async () => spec.close());

  const [member, admin, otherAdmin] = [newId(), newId(), newId()];
  const report = (overrides: Partial<ReportSubmitted['data']> = {}) =>
    reportSubmitted({
      reportId: newId(),
      userId: member,
      type: 'harassment',
      content: 'Insults in the chat.',
      targetType: 'chat_message',
      targetId: newId(),
      ...overrides,
    });
  const suggestion = (overrides: Partial<SuggestionSubmitted['data']> = {}) =>
    suggestionSubmitted({
      suggestionId: newId(),
      userId: member,
      type: 'accessibility',
      content: 'A high-contrast theme, please.',
      priority: 'medium',
      ...overrides,
    });

  it('projects a new report with every field of section 3, pending and not reviewed', async () => {
    const submitted = at(T1, report());
    const outcome = await spec.given([submitted]).run();
    expect(await outcome.rows('reports')).toEqual([
      {
        id: submitted.data.reportId,
        user_id: member,
        type: 'harassment',
        content: 'Insults in the chat.',
        target_type: 'chat_message',
        target_id: submitted.data.targetId,
        status: 'pending',
        admin_notes: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: T1,
        updated_at: T1,
        position: expect.any(String),
      },
    ]);
    expect([...(outcome.changes[0]!.changes.get('reports') ?? [])]).toEqual([submitted.data.reportId]);
  });

  it('keeps a report without a target as such', async () => {
    const general = report({ type: 'technical-issue', targetType: null, targetId: null });
    await spec
      .given([general])
      .then(
        expectRows('reports', { columns: ['type', 'target_type', 'target_id'] }).toEqual([{ type: 'technical-issue', target_type: null, target_id: null }]),
      );
  });

  it('applies each review in turn: the last status and notes, who decided and when', async () => {
    const submitted = at(T1, report());
    const { reportId } = submitted.data;
    await spec
      .given([submitted])
      .when([at(T2, reportReviewed({ reportId, status: 'resolved', adminNotes: 'Message removed.', reviewedBy: admin }))])
      .when([at(T3, reportReviewed({ reportId, status: 'under_review', adminNotes: null, reviewedBy: otherAdmin }))])
      .then(
        expectRows('reports', { columns: ['status', 'admin_notes', 'reviewed_by', 'reviewed_at', 'created_at', 'updated_at'] }).toEqual([
          { status: 'under_review', admin_notes: null, reviewed_by: otherAdmin, reviewed_at: T3, created_at: T1, updated_at: T3 },
        ]),
      );
  });

  it('projects a suggestion pending with priority medium and no implementation notes, then its review', async () => {
    const submitted = at(T1, suggestion());
    const { suggestionId } = submitted.data;
    const outcome = await spec
      .given([submitted])
      .when([at(T2, suggestionReviewed({ suggestionId, status: 'approved', priority: 'high', adminNotes: 'Planned for spring.', reviewedBy: admin }))])
      .run();
    expect(await outcome.rows('suggestions')).toEqual([
      {
        id: suggestionId,
        user_id: member,
        type: 'accessibility',
        content: 'A high-contrast theme, please.',
        status: 'approved',
        priority: 'high',
        admin_notes: 'Planned for spring.',
        implementation_notes: null,
        reviewed_by: admin,
        reviewed_at: T2,
        created_at: T1,
        updated_at: T2,
        position: expect.any(String),
      },
    ]);
  });

  it('gives the same rows one event at a time as in one batch, and a redelivered batch changes nothing', async () => {
    const submitted = at(T1, report());
    const review = at(T2, reportReviewed({ reportId: submitted.data.reportId, status: 'rejected', adminNotes: 'Not a violation.', reviewedBy: admin }));
    const proposed = at(T1, suggestion());
    const events = [
      submitted,
      review,
      proposed,
      at(T3, suggestionReviewed({ suggestionId: proposed.data.suggestionId, status: 'implemented', priority: 'low', adminNotes: null, reviewedBy: admin })),
    ];
    const read = async (scenario: ReturnType<typeof spec.given>) => {
      const outcome = await scenario.run();
      return [
        await outcome.rows('reports', { columns: ['id', 'status', 'admin_notes', 'reviewed_at'] }),
        await outcome.rows('suggestions', { columns: ['id', 'status', 'priority', 'reviewed_at'] }),
      ];
    };
    const batched = await read(spec.given(events));
    expect(await read(spec.given([]).whenEach(events))).toEqual(batched);
    expect(await read(spec.given(events).redelivered())).toEqual(batched);
    expect(batched[0]).toEqual([{ id: submitted.data.reportId, status: 'rejected', admin_notes: 'Not a violation.', reviewed_at: T2 }]);
  });
});
