import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { SubscribeAlert } from '../../../components/subscribe-alert';
import type { TopicCreationBlock } from './topic-access';

interface TopicCreationNoticeProps {
  block: TopicCreationBlock;
  /** Where the member is: a group's name, or none for the dashboard's dialog (any group). */
  groupName?: string;
  banReason: string | null;
}

/** Why the member cannot create a topic, and the way there when there is one (subscribe). */
export function TopicCreationNotice({ block, groupName, banReason }: TopicCreationNoticeProps) {
  const { t } = useTranslation('topics');
  if (block === 'suspended') {
    return (
      <Alert severity="warning">
        <AlertTitle>{t('notice.suspendedTitle')}</AlertTitle>
        {/* The server's own words (ban.contract suspendedMessage), in the interface language. */}
        {t('notice.suspended', { reason: banReason ?? t('notice.noReason') })}
      </Alert>
    );
  }
  return <SubscribeAlert title={t('notice.subscriptionTitle')}>{groupName ? t('notice.inGroup', { group: groupName }) : t('notice.noGroup')}</SubscribeAlert>;
}
