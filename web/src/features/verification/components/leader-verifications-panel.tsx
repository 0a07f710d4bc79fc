import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../../components/section-card';
import { toastCommandError } from '../../../lib/command-error-toast';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast-store';
import { useConfirmVerification, useLeaderVerifications, type LeaderVerificationItem } from '../api/leader-verifications';

function PendingClaim({ item }: { item: LeaderVerificationItem }) {
  const confirm = useConfirmVerification();
  const submitted = formatDisplayDateTime(item.createdAt);
  const onConfirm = () => confirm.mutate(item.id, {
    onSuccess: () => toast({ title: 'Verification Confirmed', description: 'An admin makes the final decision.' }),
    onError: (error) => toastCommandError(error, 'Error', 'Failed to confirm verification'),
  });
  return (
    <Stack component="li" aria-label={item.userName ?? 'A member'} spacing={0.5} sx={{ listStyle: 'none', py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600 }}>{item.userName ?? 'A member without a name'}</Typography>
      <Typography variant="body2" color="text.secondary">
        {submitted && <>Submitted <time dateTime={item.createdAt}>{submitted}</time></>}
        {item.documentImageUrl && (
          <>
            {submitted && ' · '}
            <Link href={item.documentImageUrl} target="_blank" rel="noopener noreferrer">View document</Link>
          </>
        )}
      </Typography>
      <Stack direction="row" spacing={1}>
        {item.confirmedByLeader ? (
          <Chip size="small" color="success" label="Confirmed" />
        ) : (
          <Button size="small" variant="contained" onClick={onConfirm} disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming...' : 'Confirm'}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * On a National group page its leader sees the pending claims of that country and may confirm
 * them (DECISIONS.md, Verification): a leader vouches, an admin decides.
 */
export function LeaderVerificationsPanel({ countryKey }: { countryKey: string }) {
  const claims = useLeaderVerifications();
  const mine = claims.data?.filter((item) => item.countryKey === countryKey) ?? [];
  return (
    <SectionCard title="Pending verifications">
      {claims.isPending && <Typography role="status" color="text.secondary">Loading verifications...</Typography>}
      {claims.isError && <Alert severity="error">Could not load the pending verifications: {claims.error.message}</Alert>}
      {claims.isSuccess && mine.length === 0 && <Typography color="text.secondary">No pending verifications for this country.</Typography>}
      {mine.length > 0 && (
        <Stack component="ul" aria-label="Pending verifications" sx={{ m: 0, p: 0 }}>
          {mine.map((item) => <PendingClaim key={item.id} item={item} />)}
        </Stack>
      )}
    </SectionCard>
  );
}
