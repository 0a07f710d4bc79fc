import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { useCountryName } from '../../../lib/country-name';
import { verifiedCountries } from '../../../lib/verified-countries';
import { NationalityManagerDialog } from './nationality-manager-dialog';
import { VerifyIdentityDialog } from './verify-identity-dialog';

function VerifyIdentityCard({ user }: { user: AuthUser }) {
  const { t } = useTranslation('verification');
  const [open, setOpen] = useState(false);
  const countryName = useCountryName();
  const pending = user.verifications.filter((verification) => verification.status === 'pending').map((verification) => countryName(verification.country));
  // With a claim already made (pending or rejected), the next one goes through the manager, which takes the document.
  const hasClaims = user.verifications.length > 0;
  return (
    <SectionCard title={t('card.verifyTitle')} icon={<GppMaybeIcon color="warning" aria-hidden />} titleGap={1}>
      <Typography color="text.secondary">{t('card.verifyText')}</Typography>
      {pending.length > 0 && <Typography sx={{ mt: 1 }}>{t('card.awaiting', { countries: pending.join(t('card.listSeparator')) })}</Typography>}
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => setOpen(true)}>
        {t('card.verifyNow')}
      </Button>
      {hasClaims ? (
        <NationalityManagerDialog open={open} onClose={() => setOpen(false)} />
      ) : (
        <VerifyIdentityDialog open={open} onClose={() => setOpen(false)} />
      )}
    </SectionCard>
  );
}

function IdentityVerifiedCard({ user }: { user: AuthUser }) {
  const { t } = useTranslation('verification');
  const [managing, setManaging] = useState(false);
  const countryName = useCountryName();
  const countries = verifiedCountries(user);
  const country = user.country ?? countries[0];
  const others = countries.filter((other) => other !== country).map(countryName);
  return (
    <SectionCard title={t('card.verifiedTitle')} icon={<VerifiedUserIcon color="success" aria-hidden />} titleGap={1}>
      <Typography>{t('card.verified', { country: country && countryName(country) })}</Typography>
      {others.length > 0 && <Typography color="text.secondary">{t('card.alsoVerified', { countries: others.join(t('card.listSeparator')) })}</Typography>}
      <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setManaging(true)}>
        {t('card.manage')}
      </Button>
      <NationalityManagerDialog open={managing} onClose={() => setManaging(false)} />
    </SectionCard>
  );
}

/** docs/product.md, Screens: Dashboard. The verify-identity card until a nationality is approved, then the identity-verified card. */
export function IdentityCard({ user }: { user: AuthUser }) {
  return user.isVerified ? <IdentityVerifiedCard user={user} /> : <VerifyIdentityCard user={user} />;
}
