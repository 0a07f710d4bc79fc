import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../lib/contact';
import { formatPlanPrices, PLANS } from '../lib/plan-prices';
import { LegalPage, LegalSection } from './legal-page';

const SECTIONS = ['acceptance', 'account', 'participation'] as const;

export function TermsPage() {
  const { t } = useTranslation('staticPages');
  const monthly = PLANS.civic_participation_monthly;
  const yearly = PLANS.civic_participation_yearly;
  return (
    <LegalPage title={t('terms.title')}>
      {SECTIONS.map((section) => (
        <LegalSection key={section} title={t(`terms.${section}.title`)}>
          <Typography>{t(`terms.${section}.body`)}</Typography>
        </LegalSection>
      ))}
      <LegalSection title={t('terms.subscriptions.title')}>
        <Typography>
          {t('terms.subscriptions.prices', {
            monthly: formatPlanPrices(monthly),
            yearly: formatPlanPrices(yearly),
            saves: yearly.savesUsdPerYear,
          })}
        </Typography>
        <Typography>{t('terms.subscriptions.renewal')}</Typography>
      </LegalSection>
      <LegalSection title={t('terms.conduct.title')}>
        <Typography>{t('terms.conduct.body')}</Typography>
      </LegalSection>
      <LegalSection title={t('terms.changes.title')}>
        <Typography>
          <Trans t={t} i18nKey="terms.changes.body" values={{ email: SUPPORT_EMAIL }} components={{ mail: <Link href={`mailto:${SUPPORT_EMAIL}`} /> }} />
        </Typography>
      </LegalSection>
    </LegalPage>
  );
}
