import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { SUPPORT_EMAIL } from '../../../lib/contact';

export function LandingFooter() {
  const { t } = useTranslation('identity');
  return (
    <Box component="footer">
      <Divider sx={{ mb: 3 }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary">
          {t('footer.tagline')}
        </Typography>
        <Stack direction="row" spacing={3} component="nav" aria-label={t('footer.legalNav')}>
          <Link component={RouterLink} href="/terms" variant="body2">
            {t('footer.terms')}
          </Link>
          <Link component={RouterLink} href="/privacy" variant="body2">
            {t('footer.privacy')}
          </Link>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('footer.support')} <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
        </Typography>
      </Stack>
    </Box>
  );
}
