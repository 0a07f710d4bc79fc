import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { formatUsd, PLANS } from '../../../lib/plan-prices';
import { SectionCard } from '../../../components/section-card';
import { SUBSCRIBE_PATH } from './subscription-paths';

/** For members without a subscription ("$5 per month", Subscribe Now to /subscribe: docs/product.md, Screens: Dashboard). */
export function UpgradeCard() {
  const { t } = useTranslation('subscriptions');
  const monthly = PLANS.civic_participation_monthly;
  return (
    <SectionCard title={t('upgrade.title')} icon={<WorkspacePremiumIcon color="secondary" aria-hidden />} titleGap={1}>
      <Typography color="text.secondary">{t('upgrade.text')}</Typography>
      <Typography component="p" variant="h2" sx={{ mt: 2 }}>
        {t('upgrade.price', { price: formatUsd(monthly.prices.USD) })}
      </Typography>
      <Button component={RouterLink} href={SUBSCRIBE_PATH} variant="contained" color="secondary" fullWidth sx={{ mt: 2 }}>
        {t('upgrade.subscribeNow')}
      </Button>
    </SectionCard>
  );
}
