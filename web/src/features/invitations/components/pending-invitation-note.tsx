import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { Trans, useTranslation } from 'react-i18next';
import { Auto, Ltr } from '../../../components/bidi';
import { useInvitation, type InvitationKind } from '../api/get-invitation';
import { inviteDisplayStatus } from './invite-page-status';

/**
 * Beside the sign-in forms while a visitor is on the way to accept an invitation: who invited them to
 * which group, read again from the server (a link that no longer holds shows nothing).
 */
export function PendingInvitationNote({ kind, token }: { kind: InvitationKind; token: string }) {
  const { t } = useTranslation('invitations');
  const invitation = useInvitation(kind, token);
  if (!invitation.data || inviteDisplayStatus(invitation.data) !== 'pending') return null;
  const { inviterName, groupName, email } = invitation.data;
  return (
    <Alert severity="info" aria-label={t('pending.title')}>
      <AlertTitle>{t('pending.title')}</AlertTitle>
      <Trans
        t={t}
        i18nKey="pending.invitedYou"
        values={{ inviter: inviterName, group: groupName, email }}
        components={{ person: <Auto />, group: <Auto />, email: <Ltr /> }}
      />{' '}
      {t('pending.comeBack')}
    </Alert>
  );
}
