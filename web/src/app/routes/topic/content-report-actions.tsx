import type { ReportTargetType } from '@civitas/events/moderation/feedback.contract';
import { personName, type NamedPerson } from '@civitas/events/person-name';
import { ReportButton } from '../../../features/moderation/components/report-button';
import { ReportToLeadersButton } from '../../../features/moderation/components/report-to-leaders-button';

interface ContentReportActionsProps {
  target: { type: ReportTargetType; id: string };
  author: { id: string } & NamedPerson;
  groupId: number;
  /** The signed-in member; undefined for visitors. */
  userId: string | undefined;
  /** Whether the member takes part in the topic's group (only members report members to its leaders). */
  canParticipate: boolean;
}

/**
 * The Report flag beside what someone else wrote (a topic, an opinion, a chat message), and for
 * members of the group, reporting its author to the group's leaders. Nothing beside one's own.
 */
export function ContentReportActions({ target, author, groupId, userId, canParticipate }: ContentReportActionsProps) {
  if (!userId || author.id === userId) return null;
  return (
    <>
      <ReportButton targetType={target.type} targetId={target.id} />
      {canParticipate && target.type !== 'topic' && <ReportToLeadersButton subject={{ groupId, userId: author.id, name: personName(author) }} />}
    </>
  );
}
