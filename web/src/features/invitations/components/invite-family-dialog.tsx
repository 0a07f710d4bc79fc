import { PersonalInvitationsDialog } from './personal-invitations-dialog';

/** Invite Family: the form and the recent invitations of the member's own family group. */
export function InviteFamilyDialog(props: { open: boolean; onClose: () => void; groupId: number }) {
  return <PersonalInvitationsDialog {...props} kind="family" title="Invite Family" invitee="a relative" emailLabel="Family member's email" />;
}
