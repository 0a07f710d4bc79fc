import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import { useAdminReports, useAdminSuggestions } from '../../../features/moderation/api/admin-feedback';
import { useAdminVerifications } from '../../../features/verification/api/admin-verifications';

/** A count, or null while its list loads or could not be read (then nothing is made up). */
function CountCard({ label, value }: { label: string; value: number | null }) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Typography color="text.secondary" variant="body2" component="h2">
          {label}
        </Typography>
        <Typography variant="h4" component="p" aria-busy={value === null}>
          {value === null ? <Skeleton width={40} /> : formatNumber(value)}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * docs/product.md, Screens: ID Verifications (the pending ones listed), Pending Reports, New Suggestions
 * (those still pending) and Total Pending, their sum, each from the lists the tabs show.
 */
export function AdminCountCards() {
  const { t } = useTranslation('admin');
  const verifications = useAdminVerifications();
  const reports = useAdminReports();
  const suggestions = useAdminSuggestions();
  const idVerifications = verifications.data?.length ?? null;
  const pendingReports = reports.data?.filter((report) => report.status === 'pending').length ?? null;
  const newSuggestions = suggestions.data?.filter((suggestion) => suggestion.status === 'pending').length ?? null;
  const total = idVerifications === null || pendingReports === null || newSuggestions === null ? null : idVerifications + pendingReports + newSuggestions;
  const cards = [
    { label: t('counts.idVerifications'), value: idVerifications },
    { label: t('counts.pendingReports'), value: pendingReports },
    { label: t('counts.newSuggestions'), value: newSuggestions },
    { label: t('counts.totalPending'), value: total },
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2 }}>
      {cards.map((card) => (
        <CountCard key={card.label} {...card} />
      ))}
    </Box>
  );
}
