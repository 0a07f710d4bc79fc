import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';

/**
 * A page a signed-in member may not open (docs/product.md, Roles: /admin is for admins; others get a 'not allowed' page).
 * One whole sentence per page, so each language words it its own way.
 */
export function NotAllowedPage({ page }: { page: 'admin' | 'audit' }) {
  const { t } = useTranslation('pages');
  return (
    <Card variant="outlined" sx={{ maxWidth: 480, width: '100%', mx: 'auto', mt: 6 }}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <BlockIcon color="error" fontSize="large" aria-hidden />
          <Typography variant="h1">{t('notAllowed.heading')}</Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t(`notAllowed.${page}`)}
        </Typography>
        <Button component={RouterLink} href="/" variant="contained">
          {t('notAllowed.toDashboard')}
        </Button>
      </CardContent>
    </Card>
  );
}
