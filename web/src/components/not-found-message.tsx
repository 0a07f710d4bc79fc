import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';

/** A page's own 'not found' line (e.g. 'Group not found'), in place of its content, with the way back to the dashboard. */
export function NotFoundMessage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', mt: 6 }}>
      <Typography variant="h1" component="p" sx={{ textAlign: 'center' }}>
        {children}
      </Typography>
      <Button component={RouterLink} href="/" variant="outlined">
        {t('components.backToDashboard')}
      </Button>
    </Stack>
  );
}
