import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { verifiedCountries } from '../../../lib/verified-countries';
import type { Group } from '../../../lib/api/group';
import { SubscribeAlert } from '../../../components/subscribe-alert';

/** The verification feature's dialog, which the page composing this banner brings. */
export type RenderVerifyDialog = (props: { open: boolean; onClose: () => void }) => ReactNode;

interface BannerProps {
  group: Group;
  user: AuthUser;
  renderVerifyDialog: RenderVerifyDialog;
}

function NationalBanner({ group, user, renderVerifyDialog }: BannerProps) {
  const { t } = useTranslation('groups');
  const [verifying, setVerifying] = useState(false);
  if (group.canParticipate) {
    return (
      <Alert severity="success">
        <AlertTitle>{t('banner.citizen.title')}</AlertTitle>
        {t('banner.citizen.text', { name: group.name })} {user.isSubscribed ? t('banner.citizen.subscribed') : t('banner.citizen.notSubscribed')}
      </Alert>
    );
  }
  const countries = verifiedCountries(user);
  return (
    <Alert
      severity="info"
      action={
        // The composing page brings the dialog: an additional nationality goes through the manager (with a document).
        <Button color="inherit" size="small" onClick={() => setVerifying(true)}>
          {user.isVerified ? t('banner.national.addNationality') : t('banner.national.verifyIdentity')}
        </Button>
      }
    >
      <AlertTitle>{t('banner.observer')}</AlertTitle>
      {t('banner.national.text', { name: group.name })}{' '}
      {countries.length > 0
        ? t('banner.national.verifiedCountries', { countries: countries.join(t('banner.national.countrySeparator')) })
        : t('banner.national.noNationality')}
      {renderVerifyDialog({ open: verifying, onClose: () => setVerifying(false) })}
    </Alert>
  );
}

/** Why the member may or may not take part here (docs/product.md, Screens, group page banners). */
export function GroupAccessBanner({ group, user, renderVerifyDialog }: BannerProps) {
  const { t } = useTranslation('groups');
  switch (group.department) {
    case 'national':
      return <NationalBanner group={group} user={user} renderVerifyDialog={renderVerifyDialog} />;
    case 'family':
      return (
        <Alert severity="info">
          <AlertTitle>{t('banner.family.title')}</AlertTitle>
          {t('banner.family.text')}
        </Alert>
      );
    case 'friends':
      return (
        <Alert severity="info">
          <AlertTitle>{t('banner.friends.title')}</AlertTitle>
          {t('banner.friends.text')}
        </Alert>
      );
    case 'business':
      return (
        <SubscribeAlert title={t('banner.business.title')} offerSubscription={!group.canParticipate}>
          {t('banner.business.text')}
        </SubscribeAlert>
      );
    case 'religion':
      return (
        <Alert severity="info">
          <AlertTitle>{t('banner.religion.title')}</AlertTitle>
          {t('banner.religion.text')}
        </Alert>
      );
    case 'international':
      return group.canParticipate ? null : <SubscribeAlert title={t('banner.observer')}>{t('banner.international')}</SubscribeAlert>;
    case 'alliance':
      return group.canParticipate ? null : (
        <Alert severity="info">
          <AlertTitle>{t('banner.observer')}</AlertTitle>
          {t('banner.alliance')}
        </Alert>
      );
  }
}
