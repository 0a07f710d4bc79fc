import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The frame of the Terms and Privacy pages. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('staticPages');
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2, md: 5 }, maxWidth: 860, mx: 'auto', width: '100%' }}>
      <Typography variant="h1">{title}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {t('legal.lastUpdated', { date: t('legal.updatedOn') })}
      </Typography>
      <Stack spacing={3}>{children}</Stack>
    </Paper>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </section>
  );
}
