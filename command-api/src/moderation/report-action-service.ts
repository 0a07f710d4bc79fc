import {
  ConflictError,
  NotFoundError,
  REPORT_HAS_NO_TARGET,
  REPORT_NOT_FOUND,
  REPORT_TARGET_NOT_FOUND,
  TOPIC_NOT_HIDEABLE,
  ValidationError,
  blankToNull,
  contentModerationStream,
  existingId,
  reportStream,
  userStream,
  type BanBody,
  type BanReply,
  type ReportActionBody,
  type ReportActionReply,
  type ReportTargetType,
} from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { contentModerationDecider } from './content-moderation.decider';
import { reportDecider } from './feedback.decider';
import type { LocatedTarget } from './report-targets';
import { warningDecider } from './warning.decider';

/** Where a reported item is now and who wrote it; null once it no longer exists. */
export interface ReportedItems {
  locate(type: ReportTargetType, id: string): Promise<LocatedTarget | null>;
}

/** The ban of the moderation feature's BanService: the last-admin rule, the sessions ended. */
export interface MemberBans {
  ban(adminId: string, memberId: string, body: BanBody): Promise<BanReply>;
}

/**
 * Admins act on what a report names (docs/decisions.md, Moderation actions): hide or restore an
 * opinion or chat message, warn its author, or ban them. Each is an event the audit trail records.
 */
export class ReportActionService {
  constructor(
    private readonly bus: CommandBus,
    private readonly items: ReportedItems,
    private readonly bans: MemberBans,
    /** Waits until the reads hide (or show) what was just decided, so every reader sees it at once. */
    private readonly hiddenContentShown: () => Promise<unknown>,
  ) {}

  async act(adminId: string, id: string, body: ReportActionBody): Promise<ReportActionReply> {
    const reportId = existingId(id, REPORT_NOT_FOUND);
    // The report's own stream says what it names.
    const { state } = await this.bus.load(reportStream(reportId), reportDecider);
    if (!state.report) throw new NotFoundError(REPORT_NOT_FOUND);
    const { target } = state.report;
    if (!target) throw new ConflictError(REPORT_HAS_NO_TARGET);
    const hideable = target.type === 'opinion' || target.type === 'chat_message' ? target.type : null;
    if ((body.action === 'hide' || body.action === 'restore') && !hideable) throw new ValidationError(TOPIC_NOT_HIDEABLE);
    const item = await this.items.locate(target.type, target.id);
    if (!item) throw new NotFoundError(REPORT_TARGET_NOT_FOUND[target.type]);
    const { authorId, topicId } = item;
    const reason = blankToNull(body.reason);
    const answer = (position: string | null): ReportActionReply => ({
      position,
      action: body.action,
      reportId,
      targetType: target.type,
      targetId: target.id,
      authorId,
    });

    switch (body.action) {
      case 'hide':
      case 'restore': {
        const targetType = hideable!;
        const stream = contentModerationStream(targetType, target.id);
        const common = { targetType, targetId: target.id, topicId, authorId, reportId };
        const result =
          body.action === 'hide'
            ? await this.bus.run(
                stream,
                contentModerationDecider,
                { type: 'hideContent', hide: { ...common, reason: reason ?? '', hiddenBy: adminId } },
                { actorId: adminId },
              )
            : await this.bus.run(
                stream,
                contentModerationDecider,
                { type: 'restoreContent', restore: { ...common, reason, restoredBy: adminId } },
                { actorId: adminId },
              );
        await this.hiddenContentShown();
        return answer(result.position);
      }
      case 'warn': {
        const result = await this.bus.run(
          userStream(authorId),
          warningDecider,
          { type: 'warnMember', warning: { userId: authorId, reportId, reason: reason ?? '', warnedBy: adminId } },
          { actorId: adminId },
        );
        return answer(result.position);
      }
      case 'ban': {
        const banned = await this.bans.ban(adminId, authorId, { reason: reason ?? '' });
        return answer(banned.position);
      }
    }
  }
}
