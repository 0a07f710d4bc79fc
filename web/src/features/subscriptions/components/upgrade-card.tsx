import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Link as RouterLink } from 'wouter';
import { formatUsd, PLANS } from '../../../lib/plan-prices';
import { SectionCard } from '../../../components/section-card';
import { SUBSCRIBE_PATH } from './subscription-paths';

/** For members without a subscription (spec: "$5 per month", Subscribe Now to /subscribe). */
export function UpgradeCard() {
  const monthly = PLANS.civic_participation_monthly;
  return (
    <SectionCard title="Upgrade to Premium" icon={<WorkspacePremiumIcon color="secondary" aria-hidden />} titleGap={1}>
      <Typography color="text.secondary">
        Take part in national and international groups, use business groups and run as a candidate.
      </Typography>
      <Typography component="p" variant="h2" sx={{ mt: 2 }}>
        {formatUsd(monthly.prices.USD)} per {monthly.period}
      </Typography>
      <Button component={RouterLink} href={SUBSCRIBE_PATH} variant="contained" color="secondary" fullWidth sx={{ mt: 2 }}>
        Subscribe Now
      </Button>
    </SectionCard>
  );
}
