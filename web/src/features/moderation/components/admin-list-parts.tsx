import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReportStatus, SuggestionStatus } from '@civitas/events/moderation/feedback.contract';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { STATUS_COLORS, STATUS_LABELS } from './feedback-labels';

/** A list's loading, error and empty states, else the list itself. */
export function AdminListStates<Item>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<Item[]>;
  /** What the list holds: for the loading and error lines. */
  what: 'reports' | 'suggestions' | 'leaderReports';
  empty: { title: string; text: string };
  children: (items: Item[]) => ReactNode;
}) {
  const { t } = useTranslation('moderation');
  if (query.isPending)
    return (
      <Typography role="status" color="text.secondary">
        {t(`list.loading.${what}`)}
      </Typography>
    );
  if (query.isError) {
    return (
      <Alert severity="error">
        <AlertTitle>{t(`list.loadFailed.${what}`)}</AlertTitle>
        {query.error.message}
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h6" component="p">
          {empty.title}
        </Typography>
        <Typography color="text.secondary">{empty.text}</Typography>
      </Box>
    );
  }
  return <>{children(query.data)}</>;
}

export function StatusChip({ status }: { status: ReportStatus | SuggestionStatus }) {
  return <Chip size="small" label={STATUS_LABELS[status]} color={STATUS_COLORS[status]} />;
}

/** One item of an admin list: its chips, what was said, when, the admin's notes, and the actions. */
export function AdminItemCard({
  label,
  chips,
  content,
  details,
  createdAt,
  reviewedAt,
  notes,
  notesLabel,
  actions,
}: {
  label: string;
  chips: ReactNode;
  content: string;
  details?: ReactNode;
  createdAt: string;
  reviewedAt: string | null;
  notes: string | null;
  notesLabel?: string;
  actions: ReactNode;
}) {
  const { t } = useTranslation('moderation');
  const submitted = formatDisplayDateTime(createdAt);
  const reviewed = formatDisplayDateTime(reviewedAt);
  return (
    <Paper component="li" variant="outlined" aria-label={label} sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        {chips}
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content}</Typography>
      {details}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {submitted && <Trans t={t} i18nKey="list.submitted" values={{ date: submitted }} components={{ time: <time dateTime={createdAt} /> }} />}
        {reviewed && reviewedAt && <Trans t={t} i18nKey="list.reviewed" values={{ date: reviewed }} components={{ time: <time dateTime={reviewedAt} /> }} />}
      </Typography>
      {notes && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <strong>{t('list.notes', { label: notesLabel ?? t('list.adminNotes') })}</strong> {notes}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {actions}
      </Stack>
    </Paper>
  );
}
