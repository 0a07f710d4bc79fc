import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDisplayDate } from '../../../lib/format-date';
import { useInvitations, type InvitationKind, type InvitationView } from '../api/get-invitations';
import { CopyInvitationLinkButton } from './copy-invitation-link-button';
import { InvitationStatusChip } from './invitation-status-chip';
import { PersonRow } from '../../../components/person-row';
import { shownInvitationStatus } from './sent-invitation-status';

interface SentInvitationsListProps {
  kind: InvitationKind;
  groupId: number;
  title: string;
  /** Show only the first (newest) this many; all when absent. */
  limit?: number;
}

function InvitationRow({ invitation, now }: { invitation: InvitationView; now: Date }) {
  const status = shownInvitationStatus(invitation, now);
  const sent = formatDisplayDate(invitation.createdAt);
  const expires = formatDisplayDate(invitation.expiresAt);
  const details = [sent && `Sent ${sent}`, status === 'pending' && expires && `expires ${expires}`].filter(Boolean).join(', ');
  return (
    <PersonRow name={invitation.email} detail={details}>
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
  const headingId = useId();
  const invitations = useInvitations(kind, groupId);
  const now = new Date();

  let body;
  if (invitations.isPending) {
    body = <Typography color="text.secondary">Loading invitations...</Typography>;
  } else if (invitations.isError) {
    body = <Alert severity="error">Could not load the invitations: {invitations.error.message}</Alert>;
  } else if (invitations.data.length === 0) {
    body = <Typography color="text.secondary">No invitations sent yet.</Typography>;
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
            Showing the {shown.length} most recent of {all.length} invitations.
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
