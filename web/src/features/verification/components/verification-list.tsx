import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VerificationStatus } from '@civitas/events/verification/verification.contract';
import { formatDisplayDate } from '../../../lib/format-date';
import type { VerificationView } from '../api/get-my-verifications';

const BADGES: Record<VerificationStatus, { label: string; color: 'success' | 'warning' | 'error' }> = {
  approved: { label: 'Verified', color: 'success' },
  pending: { label: 'Pending', color: 'warning' },
  rejected: { label: 'Rejected', color: 'error' },
};

export const VERIFICATION_TYPE_LABELS = { id_number: 'National ID', document: 'Document upload' } as const;

interface VerificationListProps {
  verifications: VerificationView[];
  onRemove: (verification: VerificationView) => void;
}

/** The member's claims with their Verified, Pending or Rejected badge (and the reviewer's reason). */
export function VerificationList({ verifications, onRemove }: VerificationListProps) {
  if (verifications.length === 0) {
    return <Typography color="text.secondary">You have not verified a nationality yet.</Typography>;
  }
  return (
    <Stack component="ul" aria-label="Your nationalities" spacing={1.5} sx={{ m: 0, p: 0 }}>
      {verifications.map((verification) => {
        const badge = BADGES[verification.status];
        const date = formatDisplayDate(verification.verifiedAt ?? verification.createdAt);
        return (
          <Paper key={verification.id} component="li" variant="outlined" aria-label={verification.country} sx={{ p: 1.5, listStyle: 'none' }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{verification.country}</Typography>
              <Chip size="small" label={badge.label} color={badge.color} />
              {verification.confirmedByLeader && verification.status === 'pending' && <Chip size="small" variant="outlined" label="Confirmed by a leader" />}
              <Button size="small" color="error" onClick={() => onRemove(verification)} sx={{ ml: 'auto' }} aria-label={`Remove ${verification.country}`}>
                Remove
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {VERIFICATION_TYPE_LABELS[verification.verificationType]}
              {date && <> · {verification.status === 'approved' ? 'Verified' : 'Submitted'} {date}</>}
              {verification.documentImageUrl && (
                <>
                  {' · '}
                  <Link href={verification.documentImageUrl} target="_blank" rel="noopener noreferrer">
                    View document
                  </Link>
                </>
              )}
            </Typography>
            {verification.status === 'rejected' && verification.rejectionReason && (
              <Typography variant="body2" color="error" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                Rejected: {verification.rejectionReason}
              </Typography>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
