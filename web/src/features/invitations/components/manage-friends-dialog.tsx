import Divider from '@mui/material/Divider';
import { FriendsList } from './friends-list';
import { PersonalInvitationsDialog } from './personal-invitations-dialog';

/** Manage Friends: the form, the recent invitations, and the friends with Cut friendship. */
export function ManageFriendsDialog(props: { open: boolean; onClose: () => void; groupId: number }) {
  return (
    <PersonalInvitationsDialog {...props} kind="friends" title="Manage Friends" invitee="a friend" emailLabel="Friend's email">
      <Divider />
      <FriendsList groupId={props.groupId} />
    </PersonalInvitationsDialog>
  );
}
