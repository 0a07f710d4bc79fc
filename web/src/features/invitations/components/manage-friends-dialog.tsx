import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { FriendsList } from './friends-list';
import { PersonalInvitationsDialog } from './personal-invitations-dialog';

/** Manage Friends: the form, the recent invitations, and the friends with Cut friendship. */
export function ManageFriendsDialog(props: { open: boolean; onClose: () => void; groupId: number }) {
  const { t } = useTranslation('invitations');
  return (
    <PersonalInvitationsDialog {...props} kind="friends" title={t('dialogs.manageFriends')} emailLabel={t('dialogs.friendEmail')}>
      <Divider />
      <FriendsList groupId={props.groupId} />
    </PersonalInvitationsDialog>
  );
}
