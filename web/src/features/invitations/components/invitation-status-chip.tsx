import Chip from '@mui/material/Chip';
import type { InvitationStatus } from '@civitas/events/invitations/invitation.contract';
import { useTranslation } from 'react-i18next';

// docs/product.md, Screens: pending yellow, accepted green, expired red (MUI's warning is orange); cut grey.
const BADGES: Record<InvitationStatus, { color: string; background: string }> = {
  pending: { color: '#854d0e', background: '#fef9c3' },
  accepted: { color: '#166534', background: '#dcfce7' },
  expired: { color: '#991b1b', background: '#fee2e2' },
  cut: { color: '#374151', background: '#e5e7eb' },
};

/** One look for an invitation's state, on the invitation pages and in the owner's lists. */
export function InvitationStatusChip({ status }: { status: InvitationStatus }) {
  const { t } = useTranslation('invitations');
  const badge = BADGES[status];
  return <Chip size="small" label={t(`status.${status}`)} sx={{ color: badge.color, bgcolor: badge.background, fontWeight: 600 }} />;
}
