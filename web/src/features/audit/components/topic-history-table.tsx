import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { useTopicHistory, type TopicHistoryEntry, type TopicHistoryKind } from '../api/get-topic-history';
import { HISTORY_KINDS, entryDetails, historyKindLabel } from './topic-audit-labels';

const ALL_KINDS = 'all';

function HistoryRow({ entry }: { entry: TopicHistoryEntry }) {
  const { t } = useTranslation('audit');
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.occurredAt}>{formatDisplayDateTime(entry.occurredAt)}</time>
      </TableCell>
      <TableCell>{historyKindLabel(entry.kind)}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{entry.actor ?? t('topicHistory.platform')}</span>
          {entry.isMine && <Chip size="small" color="primary" label={t('topicHistory.you')} />}
        </Stack>
      </TableCell>
      <TableCell>{entryDetails(entry)}</TableCell>
    </TableRow>
  );
}

/**
 * A topic's history (GET /api/audit/topics/<id>/history): every event that bears on its outcome,
 * oldest first, members as pseudonyms stable within this topic only; the reader's own entries say 'You'.
 */
export function TopicHistoryTable({ topicId }: { topicId: string }) {
  const { t } = useTranslation('audit');
  const [kind, setKind] = useState<TopicHistoryKind | typeof ALL_KINDS>(ALL_KINDS);
  const history = useTopicHistory(topicId, kind === ALL_KINDS ? undefined : kind);

  let body;
  if (history.isPending)
    body = (
      <Typography role="status" color="text.secondary">
        {t('topicHistory.loading')}
      </Typography>
    );
  else if (history.isError) body = <Alert severity="error">{t('topicHistory.loadFailed', { message: history.error.message })}</Alert>;
  else {
    const entries = history.data.pages.flatMap((page) => page.entries);
    body =
      entries.length === 0 ? (
        <Typography color="text.secondary">{t('topicHistory.none')}</Typography>
      ) : (
        <Stack spacing={1}>
          <TableContainer>
            <Table size="small" aria-label={t('topicHistory.label')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('topicHistory.when')}</TableCell>
                  <TableCell>{t('topicHistory.what')}</TableCell>
                  <TableCell>{t('topicHistory.who')}</TableCell>
                  <TableCell>{t('topicHistory.details')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <HistoryRow key={`${entry.position}-${entry.kind}`} entry={entry} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {history.hasNextPage && (
            <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
              {history.isFetchingNextPage ? t('trail.loadingMore') : t('trail.loadMore')}
            </Button>
          )}
        </Stack>
      );
  }

  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={t('trail.kind')}
        value={kind}
        onChange={(event) => setKind(event.target.value as TopicHistoryKind | typeof ALL_KINDS)}
        sx={{ maxWidth: 280 }}
      >
        <MenuItem value={ALL_KINDS}>{t('trail.allKinds')}</MenuItem>
        {HISTORY_KINDS.map((value) => (
          <MenuItem key={value} value={value}>
            {historyKindLabel(value)}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        {t('topicHistory.pseudonyms')}
      </Typography>
      {body}
    </Stack>
  );
}
