import { useTranslation } from 'react-i18next';
import { PersonalInvitationsDialog } from './personal-invitations-dialog';

/** Invite Family: the form and the recent invitations of the member's own family group. */
export function InviteFamilyDialog(props: { open: boolean; onClose: () => void; groupId: number }) {
  const { t } = useTranslation('invitations');
  return <PersonalInvitationsDialog {...props} kind="family" title={t('dialogs.inviteFamily')} emailLabel={t('dialogs.familyEmail')} />;
}
