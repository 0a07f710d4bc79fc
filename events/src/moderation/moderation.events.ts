import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import {
  HIDEABLE_TARGET_TYPES,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  SUGGESTION_CATEGORIES,
  SUGGESTION_PRIORITIES,
  SUGGESTION_STATUSES,
} from './moderation.constants';

export const ReportCategory = z.enum(REPORT_CATEGORIES);
export const SuggestionCategory = z.enum(SUGGESTION_CATEGORIES);
export const ReportStatus = z.enum(REPORT_STATUSES);
export const SuggestionStatus = z.enum(SUGGESTION_STATUSES);
export const SuggestionPriority = z.enum(SUGGESTION_PRIORITIES);
export const ReportTargetType = z.enum(REPORT_TARGET_TYPES);
export type ReportCategory = z.infer<typeof ReportCategory>;
export type SuggestionCategory = z.infer<typeof SuggestionCategory>;
export type ReportStatus = z.infer<typeof ReportStatus>;
export type SuggestionStatus = z.infer<typeof SuggestionStatus>;
export type SuggestionPriority = z.infer<typeof SuggestionPriority>;
export type ReportTargetType = z.infer<typeof ReportTargetType>;

/** `report-{id}`: a member's report; it starts pending. */
export const ReportSubmitted = defineEvent(
  'ReportSubmitted',
  z.object({
    reportId: z.uuid(),
    userId: z.uuid(),
    type: ReportCategory,
    content: z.string(),
    targetType: ReportTargetType.nullable(),
    targetId: z.string().nullable(),
    /**
     * Who wrote the reported item, as the read models knew when it was reported (absent on reports
     * made before it was recorded, and on reports about nothing in particular): the member the report concerns.
     */
    targetAuthorId: z.uuid().nullish(),
  }),
);
/** An admin set the report's status (any, in any order) with optional notes. */
export const ReportReviewed = defineEvent(
  'ReportReviewed',
  z.object({
    reportId: z.uuid(),
    status: ReportStatus,
    adminNotes: z.string().nullable(),
    reviewedBy: z.uuid(),
  }),
);

/** `suggestion-{id}`: a member's suggestion; pending with priority medium. */
export const SuggestionSubmitted = defineEvent(
  'SuggestionSubmitted',
  z.object({
    suggestionId: z.uuid(),
    userId: z.uuid(),
    type: SuggestionCategory,
    content: z.string(),
    priority: SuggestionPriority,
  }),
);
export const SuggestionReviewed = defineEvent(
  'SuggestionReviewed',
  z.object({
    suggestionId: z.uuid(),
    status: SuggestionStatus,
    priority: SuggestionPriority,
    adminNotes: z.string().nullable(),
    reviewedBy: z.uuid(),
  }),
);

/** `leader-report-{id}`: a member reports a member of a group to its leaders (and admins). */
export const LeaderReportFiled = defineEvent(
  'LeaderReportFiled',
  z.object({
    leaderReportId: z.uuid(),
    reporterId: z.uuid(),
    reportedUserId: z.uuid(),
    groupId: z.number().int().positive(),
    reason: z.string(),
    description: z.string(),
    evidence: z.string().nullable(),
  }),
);
/** A leader of the group or an admin resolved it; `notes` says why. */
export const LeaderReportReviewed = defineEvent(
  'LeaderReportReviewed',
  z.object({
    leaderReportId: z.uuid(),
    groupId: z.number().int().positive(),
    status: ReportStatus,
    notes: z.string().nullable(),
    reviewedBy: z.uuid(),
    /** Whether the reviewer acted as the group's leader or as an admin. */
    reviewerRole: z.enum(['leader', 'admin']),
  }),
);

/** What a hide or a restore is about: the reported item, where it is, who wrote it, and the report acted on. */
const ModeratedItem = z.object({
  targetType: z.enum(HIDEABLE_TARGET_TYPES),
  targetId: z.uuid(),
  topicId: z.uuid(),
  authorId: z.uuid(),
  /** The report it was hidden (or shown again) on. */
  reportId: z.uuid(),
});

/**
 * `content-{type}-{id}` (contentModerationStream): an admin hid a reported opinion or chat message;
 * members see the reason in its place, admins still see what it said.
 */
export const ContentHidden = defineEvent('ContentHidden', ModeratedItem.extend({ reason: z.string(), hiddenBy: z.uuid() }));
/** The same stream: an admin showed the item again. */
export const ContentRestored = defineEvent('ContentRestored', ModeratedItem.extend({ reason: z.string().nullable(), restoredBy: z.uuid() }));
/** On `user-{id}`: an admin warned the member about what a report named (once per report). */
export const MemberWarned = defineEvent('MemberWarned', z.object({ userId: z.uuid(), reportId: z.uuid(), reason: z.string(), warnedBy: z.uuid() }));

/** On `user-{id}`: an admin suspended the member (commands refused, sessions ended, sign-in refused). */
export const UserBanned = defineEvent('UserBanned', z.object({ userId: z.uuid(), reason: z.string(), bannedBy: z.uuid() }));
export const UserUnbanned = defineEvent('UserUnbanned', z.object({ userId: z.uuid(), reason: z.string().nullable(), unbannedBy: z.uuid() }));

/**
 * On `admin-roster` (docs/decisions.md, The last admin): each admin's standing as their own stream
 * showed it once it held `userVersion` events: an active admin holds the role, unbanned, not erased.
 */
const AdminStanding = z.object({ userId: z.uuid(), active: z.boolean(), userVersion: z.number().int().nonnegative() });
/** The standings of the members whose role grants and unbans the roster had not seen, up to `seenThrough` (a position). */
export const AdminRosterRefreshed = defineEvent('AdminRosterRefreshed', z.object({ standings: z.array(AdminStanding), seenThrough: z.string() }));
/** An active admin may lose that standing by the change that takes their stream to `userVersion`: another active admin remains. */
export const AdminRemovalCleared = defineEvent('AdminRemovalCleared', z.object({ userId: z.uuid(), userVersion: z.number().int().positive() }));

export type ReportSubmitted = EventOf<typeof ReportSubmitted>;
export type ReportReviewed = EventOf<typeof ReportReviewed>;
export type SuggestionSubmitted = EventOf<typeof SuggestionSubmitted>;
export type SuggestionReviewed = EventOf<typeof SuggestionReviewed>;
export type LeaderReportFiled = EventOf<typeof LeaderReportFiled>;
export type LeaderReportReviewed = EventOf<typeof LeaderReportReviewed>;
export type ContentHidden = EventOf<typeof ContentHidden>;
export type ContentRestored = EventOf<typeof ContentRestored>;
export type ContentModerationEvent = ContentHidden | ContentRestored;
export type MemberWarned = EventOf<typeof MemberWarned>;
export type UserBanned = EventOf<typeof UserBanned>;
export type UserUnbanned = EventOf<typeof UserUnbanned>;
export type ReportEvent = ReportSubmitted | ReportReviewed;
export type SuggestionEvent = SuggestionSubmitted | SuggestionReviewed;
export type LeaderReportEvent = LeaderReportFiled | LeaderReportReviewed;
export type BanEvent = UserBanned | UserUnbanned;
export type AdminRosterRefreshed = EventOf<typeof AdminRosterRefreshed>;
export type AdminRemovalCleared = EventOf<typeof AdminRemovalCleared>;
export type AdminRosterEvent = AdminRosterRefreshed | AdminRemovalCleared;

export const moderationEvents = [
  ReportSubmitted,
  ReportReviewed,
  SuggestionSubmitted,
  SuggestionReviewed,
  LeaderReportFiled,
  LeaderReportReviewed,
  ContentHidden,
  ContentRestored,
  MemberWarned,
  UserBanned,
  UserUnbanned,
  AdminRosterRefreshed,
  AdminRemovalCleared,
];
