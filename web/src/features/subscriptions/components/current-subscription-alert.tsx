import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'wouter';
import type { SubscriptionSummary } from './subscription-summary';

/** The subscribe page's word to a member who already has access: what they hold, until when. */
export function CurrentSubscriptionAlert({ summary }: { summary: SubscriptionSummary }) {
  const cancelled = summary.status === 'cancelled';
  return (
    <Alert
      severity={cancelled ? 'warning' : 'success'}
      action={
        <Button component={RouterLink} href="/profile?tab=subscription" color="inherit" size="small">
          Manage subscription
        </Button>
      }
    >
      <AlertTitle>
        {summary.planName ?? 'Civic Participation'}: {summary.statusLabel}
      </AlertTitle>
      {summary.periodEnd && `${summary.periodEnd.label}: ${summary.periodEnd.date}.`}
      {/* The server extends a cancelled subscription from its end date when paid again. */}
      {cancelled && ' Your subscription will not renew. Subscribe again to keep access after that date.'}
    </Alert>
  );
}
