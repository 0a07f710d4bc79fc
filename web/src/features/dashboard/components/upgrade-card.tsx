import { useId } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Link as RouterLink } from 'wouter';
import { formatUsd, PLANS } from '../../subscriptions/components/plan-prices';

/** For members without a subscription (spec: "$5 per month", Subscribe Now to /subscribe). */
export function UpgradeCard() {
  const headingId = useId();
  const monthly = PLANS.civic_participation_monthly;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <WorkspacePremiumIcon color="secondary" aria-hidden />
          <Typography id={headingId} component="h2" variant="h3">
            Upgrade to Premium
          </Typography>
        </Stack>
        <Typography color="text.secondary">
          Take part in national and international groups, use business groups and run as a candidate.
        </Typography>
        <Typography component="p" variant="h2" sx={{ mt: 2 }}>
          {formatUsd(monthly.prices.USD)} per {monthly.period}
        </Typography>
        <Button component={RouterLink} href="/subscribe" variant="contained" color="secondary" fullWidth sx={{ mt: 2 }}>
          Subscribe Now
        </Button>
      </CardContent>
    </Card>
  );
}
