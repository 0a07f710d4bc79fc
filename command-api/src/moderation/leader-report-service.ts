import {
  FEEDBACK_RATE_LIMIT_PER_HOUR,
  ForbiddenError,
  LEADER_REPORT_NOT_FOUND,
  LEADER_REPORT_REVIEWERS_ONLY,
  NOT_A_MEMBER,
  NO_SELF_LEADER_REPORT,
  NotFoundError,
  ValidationError,
  existingId,
  groupStream,
  groupView,
  leaderReportStream,
  type FileLeaderReportBody,
  type FileLeaderReportReply,
  type ReviewLeaderReportBody,
  type ReviewLeaderReportReply,
  type ReviewerRole,
  blankToNull,
} from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { createdIdOf, keyed, type Idempotency } from '../lib/idempotency';
import { rolesOf, type MemberStandings } from '../lib/member-roles';
import type { ParticipationGate } from '../lib/participation-gate';
import { countAgainst, type HitCounter } from '../lib/domain-limit';
import { FEEDBACK_LIMIT } from './feedback-service';
import { leaderReportDecider } from './leader-report.decider';

/** Whether a member leads a group now, as the group's stream says (a leader elected a moment ago reviews at once). */
async function leadsGroup(bus: CommandBus, userId: string, groupId: number): Promise<boolean> {
  const { state } = await bus.load(groupStream(groupId), groupView);
  return state.members.get(userId)?.isLeader === true;
}

/**
 * Leader reports (docs/product.md, Roles 'Leader'): a member of a group reports another member of it; the
 * group's leaders and admins review. "Member" is whoever may take part in the group (docs/product.md,
 * Eligibility; decided from the streams): open groups have no member lists.
 */
export class LeaderReportService {
  constructor(
    private readonly bus: CommandBus,
    private readonly gate: ParticipationGate,
    private readonly standings: MemberStandings,
    private readonly counters: HitCounter,
    private readonly perHour = FEEDBACK_RATE_LIMIT_PER_HOUR,
  ) {}

  async file(userId: string, body: FileLeaderReportBody, idempotency?: Idempotency): Promise<FileLeaderReportReply> {
    const reportedUserId = existingId(body.reportedUserId, NOT_A_MEMBER);
    if (reportedUserId === userId) throw new ValidationError(NO_SELF_LEADER_REPORT);
    // The reporter must take part in the group (404 for no group, 403 with the reason otherwise).
    await this.gate.requireParticipant(userId, body.groupId);
    const reported = await this.gate.participationOf(reportedUserId, body.groupId);
    if (!reported || reported.refusal !== null) throw new NotFoundError(NOT_A_MEMBER);
    await countAgainst(this.counters, FEEDBACK_LIMIT, userId, this.perHour);
    const leaderReportId = createdIdOf(idempotency);
    const result = await this.bus.run(
      leaderReportStream(leaderReportId),
      leaderReportDecider,
      {
        type: 'fileLeaderReport',
        report: {
          leaderReportId,
          reporterId: userId,
          reportedUserId,
          groupId: body.groupId,
          reason: body.reason,
          description: body.description,
          evidence: blankToNull(body.evidence),
        },
      },
      { actorId: userId, ...keyed(idempotency) },
    );
    return { position: result.position, leaderReport: { id: leaderReportId, status: 'pending' } };
  }

  /** A leader of the report's group, or an admin, sets its status; anyone else is refused (403). */
  async review(userId: string, id: string, body: ReviewLeaderReportBody): Promise<ReviewLeaderReportReply> {
    const leaderReportId = existingId(id, LEADER_REPORT_NOT_FOUND);
    const stream = leaderReportStream(leaderReportId);
    const { state } = await this.bus.load(stream, leaderReportDecider);
    if (!state.report) throw new NotFoundError(LEADER_REPORT_NOT_FOUND);
    const reviewerRole = await this.reviewerRole(userId, state.report.groupId, state.report.reportedUserId);
    const notes = blankToNull(body.notes);
    const result = await this.bus.run(
      stream,
      leaderReportDecider,
      {
        type: 'reviewLeaderReport',
        review: { leaderReportId, status: body.status, notes, reviewedBy: userId, reviewerRole },
      },
      { actorId: userId },
    );
    return { position: result.position, leaderReport: { id: leaderReportId, status: body.status, notes, reviewerRole } };
  }

  /** As the group's leader when they lead it, as an admin otherwise (or when the report is about them, the decider refusing a leader then). */
  private async reviewerRole(userId: string, groupId: number, reportedUserId: string): Promise<ReviewerRole> {
    const [leads, roles] = await Promise.all([leadsGroup(this.bus, userId, groupId), rolesOf(this.standings, userId)]);
    const isAdmin = roles.includes('admin');
    if (leads && (reportedUserId !== userId || !isAdmin)) return 'leader';
    if (isAdmin) return 'admin';
    throw new ForbiddenError(LEADER_REPORT_REVIEWERS_ONLY);
  }
}
