import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { useCurrentUser } from '../lib/api/get-current-user';

/**
 * Any unknown path (docs/product.md, Screens): its heading and developer hint, then a way back.
 * '/' is the landing page for visitors and the dashboard for members, so the link is named
 * for where it leads.
 */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  const { user } = useCurrentUser();
  return (
    <Card variant="outlined" sx={{ maxWidth: 480, width: '100%', mx: 'auto', mt: 6 }}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <ErrorOutlineIcon color="error" fontSize="large" aria-hidden />
          <Typography variant="h1">{t('notFound.heading')}</Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('notFound.hint')}
        </Typography>
        <Button component={RouterLink} href="/" variant="contained">
          {user ? t('notFound.toDashboard') : t('notFound.toHome')}
        </Button>
      </CardContent>
    </Card>
  );
}
