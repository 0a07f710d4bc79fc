import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { useAdminVerifications, type AdminVerificationItem } from '../api/admin-verifications';
import { ReviewVerificationDialog } from './review-verification-dialog';
import { VERIFICATION_TYPE_LABELS } from './verification-list';

interface AdminVerificationsTabProps {
  /** What the panel adds to each item (its History button). */
  renderItemActions?: (item: { id: string }) => ReactNode;
}

function VerificationItem({ item, actions }: { item: AdminVerificationItem; actions: ReactNode }) {
  const submitted = formatDisplayDateTime(item.createdAt);
  return (
    <Paper component="li" variant="outlined" aria-label={`Verification: ${item.userName}, ${item.country}`} sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.userName}</Typography>
        <Chip size="small" label="Pending" color="warning" />
        <Chip size="small" variant="outlined" label={VERIFICATION_TYPE_LABELS[item.verificationType]} />
        {item.confirmedByLeader && <Chip size="small" color="success" variant="outlined" label="Confirmed by a leader" />}
      </Stack>
      <Typography variant="body2">Country: {item.country}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>National ID: {item.nationalId ?? 'Erased'}</Typography>
      {item.documentImageUrl && (
        <Typography variant="body2">
          <Link href={item.documentImageUrl} target="_blank" rel="noopener noreferrer">
            View document image
          </Link>
        </Typography>
      )}
      {submitted && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Submitted <time dateTime={item.createdAt}>{submitted}</time>
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {actions}
      </Stack>
    </Paper>
  );
}

/** The admin panel's verifications tab (spec section 2): pending claims, oldest first, each with a Review button. */
export function AdminVerificationsTab({ renderItemActions }: AdminVerificationsTabProps) {
  const verifications = useAdminVerifications();
  const [reviewing, setReviewing] = useState<AdminVerificationItem | null>(null);

  let content: ReactNode;
  if (verifications.isPending) {
    content = <Typography role="status" color="text.secondary">Loading verifications...</Typography>;
  } else if (verifications.isError) {
    content = (
      <Alert severity="error">
        <AlertTitle>Could not load verifications</AlertTitle>
        {verifications.error.message}
      </Alert>
    );
  } else if (verifications.data.length === 0) {
    content = (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h6" component="p">All Caught Up!</Typography>
        <Typography color="text.secondary">No pending verifications to review.</Typography>
      </Box>
    );
  } else {
    content = (
      <Stack component="ul" aria-label="Pending verifications" spacing={2} sx={{ m: 0, p: 0 }}>
        {verifications.data.map((item) => (
          <VerificationItem
            key={item.id}
            item={item}
            actions={<>
              <Button variant="contained" size="small" onClick={() => setReviewing(item)}>Review</Button>
              {renderItemActions?.(item)}
            </>}
          />
        ))}
      </Stack>
    );
  }
  return (
    <>
      {content}
      <ReviewVerificationDialog item={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
