import { z } from 'zod';
import { groupIdSchema } from '../groups/group.contract';
import { serialQuery } from '../ids';
import { text } from '../text';
import { PersonSummary } from '../topics/topic.contract';
import { HiddenNotice } from './hidden-content.contract';
import { moderationReason } from './roles.contract';
import {
  FEEDBACK_CONTENT_MAX_LENGTH,
  REPORT_ACTIONS,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  SUGGESTION_CATEGORIES,
  SUGGESTION_PRIORITIES,
  SUGGESTION_STATUSES,
} from './moderation.constants';
import { ReportCategory, ReportStatus, ReportTargetType, SuggestionCategory, SuggestionPriority, SuggestionStatus } from './moderation.events';

// The web reads the event enums' types through this contract.
export type { ReportCategory, ReportStatus, ReportTargetType, SuggestionCategory, SuggestionPriority, SuggestionStatus } from './moderation.events';

// docs/product.md, Rules (report and suggestion, admin) and Messages: the texts the dialogs and the server share.
export const REPORT_TYPE_REQUIRED = 'Please select a report type';
/** docs/product.md, Rules, names only the missing type for reports; blank details get the suggestion line's wording. */
export const REPORT_DETAILS_REQUIRED = 'Please select a report type and provide details.';
export const SUGGESTION_INCOMPLETE = 'Please select a suggestion type and provide details.';
export const FEEDBACK_DETAILS_TOO_LONG = `Details must be at most ${FEEDBACK_CONTENT_MAX_LENGTH} characters`;
export const REPORT_TARGET_INCOMPLETE = 'Please say what you are reporting: a topic, an opinion or a chat message, with its id.';
export const REPORT_TARGET_NOT_FOUND = { topic: 'Topic not found', opinion: 'Opinion not found', chat_message: 'Message not found' } as const;
export const REPORT_NOT_FOUND = 'Report not found';
export const SUGGESTION_NOT_FOUND = 'Suggestion not found';
/** Section 5 'Admin': the toast's title and description, as one server message. */
export const REPORT_STATUS_REQUIRED = 'Status Required: Please select a status for this report.';
export const SUGGESTION_FIELDS_REQUIRED = 'Fields Required: Please select both status and priority for this suggestion.';
export const NOTES_MAX_LENGTH = 2000;

/** A member's reports, suggestions and leader reports together, per hour (spam stays out of the reviewers' lists). */
export const FEEDBACK_RATE_LIMIT_PER_HOUR = 20;
export const FEEDBACK_RATE_LIMITED = 'You have sent many reports and suggestions in a short time. Please wait a while before sending more.';

const details = (required: string) =>
  text({ field: 'Details', required, lines: 'multi' }).min(1, required).max(FEEDBACK_CONTENT_MAX_LENGTH, FEEDBACK_DETAILS_TOO_LONG);

/** Optional notes of a reviewer (null or absent: none; blank notes are stored as none). */
const reviewNotes = (field: string) =>
  text({ field, required: `${field} must be text`, lines: 'multi' })
    .max(NOTES_MAX_LENGTH, `${field} must be at most ${NOTES_MAX_LENGTH} characters`)
    .nullish();

/** POST /api/feedback/report: a category of section 9 and details; optionally what is reported (both fields or neither). */
export const SubmitReportBody = z
  .object(
    {
      type: z.enum(REPORT_CATEGORIES, { error: REPORT_TYPE_REQUIRED }),
      content: details(REPORT_DETAILS_REQUIRED),
      targetType: z.enum(REPORT_TARGET_TYPES, { error: REPORT_TARGET_INCOMPLETE }).nullish(),
      // An id is checked by the server against what exists (404 when nothing has it).
      targetId: text({ field: 'Target', required: REPORT_TARGET_INCOMPLETE }).max(100, REPORT_TARGET_INCOMPLETE).nullish(),
    },
    { error: REPORT_TYPE_REQUIRED },
  )
  .refine((body) => (body.targetType == null) === (body.targetId == null || body.targetId === ''), {
    message: REPORT_TARGET_INCOMPLETE,
    path: ['targetId'],
  });
export type SubmitReportBody = z.infer<typeof SubmitReportBody>;

/** POST /api/feedback/suggestion: a category of section 9 and details. */
export const SubmitSuggestionBody = z.object(
  {
    type: z.enum(SUGGESTION_CATEGORIES, { error: SUGGESTION_INCOMPLETE }),
    content: details(SUGGESTION_INCOMPLETE),
  },
  { error: SUGGESTION_INCOMPLETE },
);
export type SubmitSuggestionBody = z.infer<typeof SubmitSuggestionBody>;

export const SubmitReportReply = z.object({ position: z.string().nullable(), report: z.object({ id: z.string(), status: ReportStatus }) });
export type SubmitReportReply = z.infer<typeof SubmitReportReply>;
export const SubmitSuggestionReply = z.object({
  position: z.string().nullable(),
  suggestion: z.object({ id: z.string(), status: SuggestionStatus, priority: SuggestionPriority }),
});
export type SubmitSuggestionReply = z.infer<typeof SubmitSuggestionReply>;

/** POST /api/admin/reports/<id>/update: any status of section 4, in any order; notes optional. */
export const ReviewReportBody = z.object(
  {
    status: z.enum(REPORT_STATUSES, { error: REPORT_STATUS_REQUIRED }),
    adminNotes: reviewNotes('Notes'),
  },
  { error: REPORT_STATUS_REQUIRED },
);
export type ReviewReportBody = z.infer<typeof ReviewReportBody>;

/** POST /api/admin/suggestions/<id>/update: status and priority both required; notes optional. */
export const ReviewSuggestionBody = z.object(
  {
    status: z.enum(SUGGESTION_STATUSES, { error: SUGGESTION_FIELDS_REQUIRED }),
    priority: z.enum(SUGGESTION_PRIORITIES, { error: SUGGESTION_FIELDS_REQUIRED }),
    adminNotes: reviewNotes('Notes'),
  },
  { error: SUGGESTION_FIELDS_REQUIRED },
);
export type ReviewSuggestionBody = z.infer<typeof ReviewSuggestionBody>;

/** A member named by the one rule (`personName`), the e-mail passed: admins read these. */
export const NamedMember = z.object({ id: z.string(), name: z.string() });
export type NamedMember = z.infer<typeof NamedMember>;

/** What a report names, as it is now: quoted for the admin with a link to its topic page. */
export const ReportedItem = z.object({
  type: ReportTargetType,
  id: z.string(),
  /** The topic page it is on (a topic's own id for a topic); null when the item no longer exists. */
  topicId: z.string().nullable(),
  topicTitle: z.string().nullable(),
  /** The opinion's or message's text, or the topic's title; null when the item no longer exists. */
  content: z.string().nullable(),
  author: NamedMember.nullable(),
  /** Set while an admin has it hidden. */
  hidden: HiddenNotice.nullable(),
});
export type ReportedItem = z.infer<typeof ReportedItem>;

/** Another report on the same item, made before this one. */
export const EarlierReport = z.object({ id: z.string(), type: ReportCategory, status: ReportStatus, createdAt: z.string(), reporter: NamedMember });
export type EarlierReport = z.infer<typeof EarlierReport>;

/**
 * GET /api/admin/reports item: section 3's 'Admin report item', and (additions) who reported it,
 * the item quoted, and the earlier reports on the same item, newest first.
 */
export const AdminReportItem = z.object({
  id: z.string(),
  type: ReportCategory,
  content: z.string(),
  targetType: ReportTargetType.nullable(),
  targetId: z.string().nullable(),
  status: ReportStatus,
  adminNotes: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reporter: NamedMember,
  target: ReportedItem.nullable(),
  earlierReports: z.array(EarlierReport),
});
export type AdminReportItem = z.infer<typeof AdminReportItem>;

/** GET /api/admin/suggestions item: exactly section 3's 'Admin suggestion item'. */
export const AdminSuggestionItem = z.object({
  id: z.string(),
  type: SuggestionCategory,
  content: z.string(),
  status: SuggestionStatus,
  priority: SuggestionPriority,
  adminNotes: z.string().nullable(),
  implementationNotes: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AdminSuggestionItem = z.infer<typeof AdminSuggestionItem>;

// Moderation actions (docs/decisions.md): on a report's item and its author.
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_ACTION_REQUIRED = 'Please choose an action: hide, restore, warn or ban.';
export const MODERATION_REASON_REQUIRED = 'Please give a reason: the member is shown it.';
export const REPORT_HAS_NO_TARGET = 'This report names no opinion, message or topic to act on.';
export const TOPIC_NOT_HIDEABLE = 'A topic cannot be hidden: warn or ban its author, or ask them to delete it.';
export const ALREADY_HIDDEN = 'This content is already hidden.';
export const NOT_HIDDEN = 'This content is not hidden.';
export const ALREADY_WARNED = 'The author was already warned about this report.';
export const NO_SELF_WARNING = 'You cannot warn yourself.';
/** The text members see in place of hidden content (web and server share the wording). */
export const hiddenOpinionText = (reason: string) => `This opinion was hidden by a moderator: ${reason}`;
export const hiddenMessageText = (reason: string) => `This message was hidden by a moderator: ${reason}`;

/** POST /api/admin/reports/<id>/action: hide or restore the item, warn or ban its author, with a reason (optional only to restore). */
export const ReportActionBody = z
  .object(
    {
      action: z.enum(REPORT_ACTIONS, { error: REPORT_ACTION_REQUIRED }),
      reason: moderationReason(MODERATION_REASON_REQUIRED).nullish(),
    },
    { error: REPORT_ACTION_REQUIRED },
  )
  .refine((body) => body.action === 'restore' || (body.reason ?? '') !== '', { message: MODERATION_REASON_REQUIRED, path: ['reason'] });
export type ReportActionBody = z.infer<typeof ReportActionBody>;

export const ReportActionReply = z.object({
  position: z.string().nullable(),
  action: z.enum(REPORT_ACTIONS),
  reportId: z.string(),
  targetType: ReportTargetType,
  targetId: z.string(),
  authorId: z.string(),
});
export type ReportActionReply = z.infer<typeof ReportActionReply>;

export const ReviewReportReply = z.object({
  position: z.string().nullable(),
  report: AdminReportItem.pick({ id: true, status: true, adminNotes: true }),
});
export type ReviewReportReply = z.infer<typeof ReviewReportReply>;
export const ReviewSuggestionReply = z.object({
  position: z.string().nullable(),
  suggestion: AdminSuggestionItem.pick({ id: true, status: true, priority: true, adminNotes: true }),
});
export type ReviewSuggestionReply = z.infer<typeof ReviewSuggestionReply>;

// Leader reports (docs/product.md, Data and Roles): a member reports another member of a group to its leaders.
export const LEADER_REPORT_NOT_FOUND = 'Leader report not found';
export const LEADER_REPORT_GROUP_REQUIRED = 'Please select a group';
export const LEADER_REPORT_MEMBER_REQUIRED = 'Please select the member you are reporting.';
export const LEADER_REPORT_REASON_REQUIRED = 'Please give a reason for your report.';
export const LEADER_REPORT_DESCRIPTION_REQUIRED = 'Please describe what happened.';
export const LEADER_REPORT_REASON_MAX_LENGTH = 200;
export const NO_SELF_LEADER_REPORT = 'You cannot report yourself.';
export const LEADER_REPORTS_HIDDEN = 'Only the leaders of this group and administrators can see its leader reports.';
export const LEADER_REPORT_REVIEWERS_ONLY = 'Only a leader of this group or an administrator can review this report.';
export const LEADER_REPORT_ABOUT_YOU = 'A report about you is reviewed by an administrator.';

/** POST /api/leader-reports. */
export const FileLeaderReportBody = z.object(
  {
    reportedUserId: z.string({ error: LEADER_REPORT_MEMBER_REQUIRED }).min(1, LEADER_REPORT_MEMBER_REQUIRED).max(100, LEADER_REPORT_MEMBER_REQUIRED),
    groupId: groupIdSchema(LEADER_REPORT_GROUP_REQUIRED),
    reason: text({ field: 'Reason', required: LEADER_REPORT_REASON_REQUIRED })
      .min(1, LEADER_REPORT_REASON_REQUIRED)
      .max(LEADER_REPORT_REASON_MAX_LENGTH, `Reason must be at most ${LEADER_REPORT_REASON_MAX_LENGTH} characters`),
    description: text({ field: 'Description', required: LEADER_REPORT_DESCRIPTION_REQUIRED, lines: 'multi' })
      .min(1, LEADER_REPORT_DESCRIPTION_REQUIRED)
      .max(FEEDBACK_CONTENT_MAX_LENGTH, `Description must be at most ${FEEDBACK_CONTENT_MAX_LENGTH} characters`),
    evidence: text({ field: 'Evidence', required: 'Evidence must be text', lines: 'multi' })
      .max(FEEDBACK_CONTENT_MAX_LENGTH, `Evidence must be at most ${FEEDBACK_CONTENT_MAX_LENGTH} characters`)
      .nullish(),
  },
  { error: LEADER_REPORT_MEMBER_REQUIRED },
);
export type FileLeaderReportBody = z.infer<typeof FileLeaderReportBody>;

/** POST /api/leader-reports/<id>/update: any status of section 4's report statuses; notes optional. */
export const ReviewLeaderReportBody = z.object(
  {
    status: z.enum(REPORT_STATUSES, { error: REPORT_STATUS_REQUIRED }),
    notes: reviewNotes('Notes'),
  },
  { error: REPORT_STATUS_REQUIRED },
);
export type ReviewLeaderReportBody = z.infer<typeof ReviewLeaderReportBody>;

export const ReviewerRole = z.enum(['leader', 'admin']);
export type ReviewerRole = z.infer<typeof ReviewerRole>;

/** GET /api/leader-reports?groupId= item: section 3's fields, the review's notes and role, and who is who. */
export const LeaderReportView = z.object({
  id: z.string(),
  reporterId: z.string(),
  reportedUserId: z.string(),
  groupId: z.number().int(),
  reason: z.string(),
  description: z.string(),
  evidence: z.string().nullable(),
  status: ReportStatus,
  notes: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewerRole: ReviewerRole.nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  reporter: PersonSummary,
  reportedUser: PersonSummary,
});
export type LeaderReportView = z.infer<typeof LeaderReportView>;

export const LeaderReportsQuery = z.object({ groupId: serialQuery(LEADER_REPORT_GROUP_REQUIRED) });

export const FileLeaderReportReply = z.object({ position: z.string().nullable(), leaderReport: z.object({ id: z.string(), status: ReportStatus }) });
export type FileLeaderReportReply = z.infer<typeof FileLeaderReportReply>;
export const ReviewLeaderReportReply = z.object({
  position: z.string().nullable(),
  leaderReport: LeaderReportView.pick({ id: true, status: true, notes: true }).extend({ reviewerRole: ReviewerRole }),
});
export type ReviewLeaderReportReply = z.infer<typeof ReviewLeaderReportReply>;
