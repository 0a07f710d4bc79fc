import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../lib/contact';
import { LegalPage, LegalSection } from './legal-page';

const SECTIONS = ['collect', 'use', 'visibility', 'cookies'] as const;

export function PrivacyPage() {
  const { t } = useTranslation('staticPages');
  return (
    <LegalPage title={t('privacy.title')}>
      {SECTIONS.map((section) => (
        <LegalSection key={section} title={t(`privacy.${section}.title`)}>
          <Typography>{t(`privacy.${section}.body`)}</Typography>
        </LegalSection>
      ))}
      <LegalSection title={t('privacy.rights.title')}>
        <Typography>
          <Trans t={t} i18nKey="privacy.rights.body" values={{ email: SUPPORT_EMAIL }} components={{ mail: <Link href={`mailto:${SUPPORT_EMAIL}`} /> }} />
        </Typography>
      </LegalSection>
    </LegalPage>
  );
}
