import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function LandingHero() {
  const { t } = useTranslation('identity');
  return (
    <Stack spacing={3}>
      <Chip label={t('hero.badge')} color="secondary" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, lineHeight: 1.15 }}>
        {t('hero.title')}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
        {t('hero.lead')}
      </Typography>
      <Typography color="text.secondary">{t('hero.openness')}</Typography>
    </Stack>
  );
}
