import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { suspendedMessage } from '@civitas/events/moderation/ban.contract';
import { SubscribeAlert } from '../../../components/subscribe-alert';
import type { TopicCreationBlock } from './topic-access';

export const LAW_TYPES_NEED_SUBSCRIPTION = 'Law amendments and dispute resolutions need a Civic Participation subscription.';

interface TopicCreationNoticeProps {
  block: TopicCreationBlock;
  /** Where the member is: a group's name, or none for the dashboard's dialog (any group). */
  groupName?: string;
  banReason: string | null;
}

/** Why the member cannot create a topic, and the way there when there is one (subscribe). */
export function TopicCreationNotice({ block, groupName, banReason }: TopicCreationNoticeProps) {
  if (block === 'suspended') {
    return (
      <Alert severity="warning">
        <AlertTitle>You cannot create topics</AlertTitle>
        {suspendedMessage(banReason ?? 'no reason given')}
      </Alert>
    );
  }
  return (
    <SubscribeAlert title="Creating topics needs a subscription">
      {groupName
        ? `The topics of ${groupName} are law amendments and dispute resolutions. `
        : 'There is no group where you can create a topic yet. '}
      {LAW_TYPES_NEED_SUBSCRIPTION} Posting opinions and voting stay free.
    </SubscribeAlert>
  );
}
