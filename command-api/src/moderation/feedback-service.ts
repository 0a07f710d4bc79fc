import {
  FEEDBACK_RATE_LIMITED,
  FEEDBACK_RATE_LIMIT_PER_HOUR,
  REPORT_NOT_FOUND,
  SUGGESTION_NOT_FOUND,
  existingId,
  reportStream,
  suggestionStream,
  type ReviewReportBody,
  type ReviewReportReply,
  type ReviewSuggestionBody,
  type ReviewSuggestionReply,
  type SubmitReportBody,
  type SubmitReportReply,
  type SubmitSuggestionBody,
  type SubmitSuggestionReply,
  blankToNull,
} from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { HOUR_MS, countAgainst, type DomainLimit, type HitCounter } from '../lib/domain-limit';
import { createdIdOf, keyed, type Idempotency } from '../lib/idempotency';
import { reportDecider, suggestionDecider } from './feedback.decider';
import type { LocatedTarget, ReportTarget } from './report-targets';

/** Finds a reportable item the member can see (and who wrote it), else a 404 with the item's own words. */
export interface VisibleTargets {
  requireVisible(userId: string, target: ReportTarget): Promise<LocatedTarget>;
}

/**
 * The member's reports, suggestions and leader reports together, counted once each passed every other
 * rule, so a refusal means exactly what it says.
 */
export const FEEDBACK_LIMIT: DomainLimit = {
  counter: 'feedback',
  name: 'feedback-per-hour',
  max: FEEDBACK_RATE_LIMIT_PER_HOUR,
  windowMs: HOUR_MS,
  message: FEEDBACK_RATE_LIMITED,
};

/** Reports and suggestions (docs/product.md, Rules and Calls 'Feedback', 'Admin'): members submit, admins review. */
export class FeedbackService {
  constructor(
    private readonly bus: CommandBus,
    private readonly targets: VisibleTargets,
    private readonly counters: HitCounter,
    private readonly perHour = FEEDBACK_RATE_LIMIT_PER_HOUR,
  ) {}

  /** A report, pending; about a topic, opinion or chat message the member can see, or about nothing in particular. */
  async submitReport(userId: string, body: SubmitReportBody, idempotency?: Idempotency): Promise<SubmitReportReply> {
    const target = body.targetType && body.targetId ? await this.targets.requireVisible(userId, { type: body.targetType, id: body.targetId }) : null;
    await countAgainst(this.counters, FEEDBACK_LIMIT, userId, this.perHour);
    const reportId = createdIdOf(idempotency);
    const result = await this.bus.run(
      reportStream(reportId),
      reportDecider,
      {
        type: 'submitReport',
        report: {
          reportId,
          userId,
          type: body.type,
          content: body.content,
          targetType: target?.type ?? null,
          targetId: target?.id ?? null,
          ...(target ? { targetAuthorId: target.authorId } : {}),
        },
      },
      { actorId: userId, ...keyed(idempotency) },
    );
    return { position: result.position, report: { id: reportId, status: 'pending' } };
  }

  /** A suggestion, pending with priority medium. */
  async submitSuggestion(userId: string, body: SubmitSuggestionBody, idempotency?: Idempotency): Promise<SubmitSuggestionReply> {
    await countAgainst(this.counters, FEEDBACK_LIMIT, userId, this.perHour);
    const suggestionId = createdIdOf(idempotency);
    const result = await this.bus.run(
      suggestionStream(suggestionId),
      suggestionDecider,
      {
        type: 'submitSuggestion',
        suggestion: { suggestionId, userId, type: body.type, content: body.content },
      },
      { actorId: userId, ...keyed(idempotency) },
    );
    return { position: result.position, suggestion: { id: suggestionId, status: 'pending', priority: 'medium' } };
  }

  /** An admin's decision on a report (the caller checked the role); an id that names no report is a 404. */
  async reviewReport(adminId: string, id: string, body: ReviewReportBody): Promise<ReviewReportReply> {
    const reportId = existingId(id, REPORT_NOT_FOUND);
    const adminNotes = blankToNull(body.adminNotes);
    const result = await this.bus.run(
      reportStream(reportId),
      reportDecider,
      {
        type: 'reviewReport',
        review: { reportId, status: body.status, adminNotes, reviewedBy: adminId },
      },
      { actorId: adminId },
    );
    return { position: result.position, report: { id: reportId, status: body.status, adminNotes } };
  }

  async reviewSuggestion(adminId: string, id: string, body: ReviewSuggestionBody): Promise<ReviewSuggestionReply> {
    const suggestionId = existingId(id, SUGGESTION_NOT_FOUND);
    const adminNotes = blankToNull(body.adminNotes);
    const result = await this.bus.run(
      suggestionStream(suggestionId),
      suggestionDecider,
      {
        type: 'reviewSuggestion',
        review: { suggestionId, status: body.status, priority: body.priority, adminNotes, reviewedBy: adminId },
      },
      { actorId: adminId },
    );
    return { position: result.position, suggestion: { id: suggestionId, status: body.status, priority: body.priority, adminNotes } };
  }
}
