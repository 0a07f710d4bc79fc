import { useTranslation } from 'react-i18next';
import { GroupInvitePage } from './group-invite-page';

const FRIENDS_BENEFITS = ['discussions', 'vote', 'chat', 'topics'] as const;

/** /friend-invite/<token>: signed in or out; accepting keeps the member here, now shown accepted. */
export function FriendInvitePage({ token }: { token: string }) {
  const { t } = useTranslation('invitations');
  return (
    <GroupInvitePage
      kind="friends"
      token={token}
      title={t('friendsPage.title')}
      benefits={FRIENDS_BENEFITS.map((benefit) => t(`friendsPage.benefits.${benefit}`))}
      joinedDescription={t('friendsPage.joined')}
    />
  );
}
