import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../lib/format-date';
import { useInvitations, type InvitationKind, type InvitationView } from '../api/get-invitations';
import { CopyInvitationLinkButton } from './copy-invitation-link-button';
import { InvitationStatusChip } from './invitation-status-chip';
import { PersonRow } from '../../../components/person-row';
import { shownInvitationStatus } from './sent-invitation-status';
import { Ltr } from '../../../components/bidi';

interface SentInvitationsListProps {
  kind: InvitationKind;
  groupId: number;
  title: string;
  /** Show only the first (newest) this many; all when absent. */
  limit?: number;
}

function InvitationRow({ invitation, now }: { invitation: InvitationView; now: Date }) {
  const { t } = useTranslation('invitations');
  const status = shownInvitationStatus(invitation, now);
  const sent = formatDisplayDate(invitation.createdAt);
  const expires = formatDisplayDate(invitation.expiresAt);
  const expiry = status === 'pending' ? expires : null;
  let details = '';
  if (sent && expiry) details = t('sent.sentAndExpires', { sent, expires: expiry });
  else if (sent) details = t('sent.sentOn', { sent });
  else if (expiry) details = t('sent.expiresOn', { expires: expiry });
  return (
    <PersonRow name={<Ltr>{invitation.email}</Ltr>} detail={details}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <InvitationStatusChip status={status} />
        {/* Only a link that can still be accepted is worth passing on. */}
        {status === 'pending' && <CopyInvitationLinkButton link={invitation.invitationLink} />}
      </Stack>
    </PersonRow>
  );
}

/** The owner's invitations into one personal group, newest first, with their states. */
export function SentInvitationsList({ kind, groupId, title, limit }: SentInvitationsListProps) {
  const { t } = useTranslation('invitations');
  const headingId = useId();
  const invitations = useInvitations(kind, groupId);
  const now = new Date();

  let body;
  if (invitations.isPending) {
    body = <Typography color="text.secondary">{t('sent.loading')}</Typography>;
  } else if (invitations.isError) {
    body = <Alert severity="error">{t('sent.loadFailed', { message: invitations.error.message })}</Alert>;
  } else if (invitations.data.length === 0) {
    body = <Typography color="text.secondary">{t('sent.empty')}</Typography>;
  } else {
    const all = invitations.data;
    const shown = limit === undefined ? all : all.slice(0, limit);
    body = (
      <>
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} now={now} />
          ))}
        </Box>
        {shown.length < all.length && (
          <Typography variant="body2" color="text.secondary">
            {t('sent.showingRecent', { shown: shown.length, total: all.length })}
          </Typography>
        )}
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {body}
    </Box>
  );
}
