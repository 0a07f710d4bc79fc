import { useId } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Link as RouterLink } from 'wouter';
import type { AuthUser } from '../../identity/api/get-current-user';
import { summarizeSubscription } from '../../subscriptions/components/subscription-summary';

/** For subscribers: which plan, and when it renews or, once cancelled, runs out. */
export function PremiumActiveCard({ user }: { user: AuthUser }) {
  const headingId = useId();
  const summary = summarizeSubscription(user);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <WorkspacePremiumIcon color="secondary" aria-hidden />
          <Typography id={headingId} component="h2" variant="h3">
            Premium Active
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography>{summary.planName}</Typography>
          {summary.status === 'cancelled' && <Chip label={summary.statusLabel} color={summary.statusColor} size="small" />}
        </Stack>
        {summary.periodEnd && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {summary.periodEnd.label}: {summary.periodEnd.date}
          </Typography>
        )}
        <Button component={RouterLink} href="/profile" variant="outlined" fullWidth sx={{ mt: 2 }}>
          Manage subscription
        </Button>
      </CardContent>
    </Card>
  );
}
