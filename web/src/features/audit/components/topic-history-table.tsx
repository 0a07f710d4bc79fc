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
import { formatDisplayDateTime } from '../../../lib/format-date';
import { useTopicHistory, type TopicHistoryEntry, type TopicHistoryKind } from '../api/get-topic-history';
import { HISTORY_KINDS, HISTORY_KIND_LABELS, entryDetails } from './topic-audit-labels';

const ALL_KINDS = 'all';

function HistoryRow({ entry }: { entry: TopicHistoryEntry }) {
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.occurredAt}>{formatDisplayDateTime(entry.occurredAt)}</time>
      </TableCell>
      <TableCell>{HISTORY_KIND_LABELS[entry.kind]}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{entry.actor ?? 'Platform'}</span>
          {entry.isMine && <Chip size="small" color="primary" label="You" />}
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
  const [kind, setKind] = useState<TopicHistoryKind | typeof ALL_KINDS>(ALL_KINDS);
  const history = useTopicHistory(topicId, kind === ALL_KINDS ? undefined : kind);

  let body;
  if (history.isPending) body = <Typography role="status" color="text.secondary">Loading the history...</Typography>;
  else if (history.isError) body = <Alert severity="error">Could not load the history: {history.error.message}</Alert>;
  else {
    const entries = history.data.pages.flatMap((page) => page.entries);
    body = entries.length === 0 ? (
      <Typography color="text.secondary">No entries of this kind.</Typography>
    ) : (
      <Stack spacing={1}>
        <TableContainer>
          <Table size="small" aria-label="Topic history, oldest first">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>What</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Details</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => <HistoryRow key={`${entry.position}-${entry.kind}`} entry={entry} />)}
            </TableBody>
          </Table>
        </TableContainer>
        {history.hasNextPage && (
          <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
            {history.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <TextField select size="small" label="Kind" value={kind} onChange={(event) => setKind(event.target.value as TopicHistoryKind | typeof ALL_KINDS)} sx={{ maxWidth: 280 }}>
        <MenuItem value={ALL_KINDS}>All kinds</MenuItem>
        {HISTORY_KINDS.map((value) => <MenuItem key={value} value={value}>{HISTORY_KIND_LABELS[value]}</MenuItem>)}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        Members appear as pseudonyms that stay the same within this topic and differ in every other topic.
      </Typography>
      {body}
    </Stack>
  );
}
