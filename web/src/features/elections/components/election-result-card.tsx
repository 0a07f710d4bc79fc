import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import type { ElectionMethod } from '../../../lib/election-methods';
import { Auto } from '../../../components/bidi';
import { SectionCard } from '../../../components/section-card';
import { numberFormatOf, useLanguage } from '../../../i18n';
import type { TopicView } from '../../../lib/api/get-topic';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { useCandidates } from '../api/get-candidates';
import { electionResultQueryKey, useElectionResult, type ElectionResultView } from '../api/get-election-result';
import { electionPhase, type ElectionPhase } from './election-phase';

type ResultCandidate = ElectionResultView['candidates'][number];

/** The counts table's texts by method: what a candidate's number counts. */
const COUNT_KEYS = {
  plurality: { caption: 'result.counts.plurality.caption', weighted: 'result.counts.plurality.weighted', direct: 'result.counts.plurality.direct' },
  schulze: { caption: 'result.counts.schulze.caption', weighted: 'result.counts.schulze.weighted', direct: 'result.counts.schulze.direct' },
  approval: { caption: 'result.counts.approval.caption', weighted: 'result.counts.approval.weighted', direct: 'result.counts.approval.direct' },
} as const satisfies Record<ElectionMethod, Record<'caption' | 'weighted' | 'direct', string>>;

/** The result follows the candidates read: a ballot, a live frame or the close refreshes that one, and this with it. */
function useFollowCandidates(topicId: string) {
  const queryClient = useQueryClient();
  const updatedAt = useCandidates(topicId).dataUpdatedAt;
  const seen = useRef(updatedAt);
  useEffect(() => {
    if (seen.current === updatedAt) return;
    seen.current = updatedAt;
    void queryClient.invalidateQueries({ queryKey: electionResultQueryKey(topicId), exact: true });
  }, [queryClient, topicId, updatedAt]);
}

/** A table that may be wider than a phone scrolls on its own; focusable, so the keyboard scrolls it too. */
function ScrollingTable({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <Box role="group" aria-labelledby={captionId} tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      {/* The caption above its table, where it is read first (MUI's own puts it below). */}
      <Table size="small" sx={{ '& caption': { captionSide: 'top', textAlign: 'start', px: 0, pt: 0 }, '& tbody th': { fontWeight: 600 } }}>
        <caption id={captionId}>{caption}</caption>
        {children}
      </Table>
    </Box>
  );
}

/**
 * A Schulze matrix as a real table: rows and columns are the candidates in registration order;
 * cell (row, column) is the row's number against the column. Where the row's number beats the
 * reverse one it is bold, which the caption says.
 */
function MatrixTable({ caption, candidates, matrix }: { caption: string; candidates: readonly ResultCandidate[]; matrix: readonly (readonly number[])[] }) {
  const { t } = useTranslation('elections');
  const format = numberFormatOf(useLanguage());
  return (
    <ScrollingTable caption={caption}>
      <TableHead>
        <TableRow>
          <TableCell component="td" />
          {candidates.map((candidate) => (
            <TableCell key={candidate.candidateId} component="th" scope="col">
              <Auto>{personName(candidate.user)}</Auto>
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {candidates.map((row, i) => (
          <TableRow key={row.candidateId}>
            <TableCell component="th" scope="row">
              <Auto>{personName(row.user)}</Auto>
            </TableCell>
            {candidates.map((column, j) => {
              if (i === j)
                return (
                  <TableCell key={column.candidateId} align="center" aria-label={t('result.self')}>
                    —
                  </TableCell>
                );
              const value = matrix[i]?.[j] ?? 0;
              const beats = value > (matrix[j]?.[i] ?? 0);
              return (
                <TableCell key={column.candidateId} align="center" sx={beats ? { fontWeight: 700 } : undefined}>
                  {format.format(value)}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}

function CountsTable({ result, chosen }: { result: ElectionResultView; chosen: string | null }) {
  const { t } = useTranslation('elections');
  const format = numberFormatOf(useLanguage());
  const keys = COUNT_KEYS[result.method];
  return (
    <ScrollingTable caption={t(keys.caption)}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {t('result.candidate')}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {t(keys.weighted)}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {t(keys.direct)}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {result.candidates.map((candidate) => (
          <TableRow key={candidate.candidateId}>
            <TableCell component="th" scope="row">
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Auto>{personName(candidate.user)}</Auto>
                {candidate.candidateId === chosen && (
                  <Chip size="small" color="success" label={result.status === 'closed' ? t('candidates.winner') : t('result.leading')} />
                )}
              </Stack>
            </TableCell>
            <TableCell align="right">{format.format(candidate.weightedCount)}</TableCell>
            <TableCell align="right">{format.format(candidate.directCount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}

/** Open (the count so far), counting, or final: the server's status, and the clock past the end while it says active. */
function phaseOf(result: ElectionResultView, topic: TopicView, now: Date): ElectionPhase {
  if (result.status === 'closed') return 'decided';
  if (result.status === 'counting') return 'counting';
  return electionPhase({ ...topic, status: 'active' }, now);
}

function Outcome({ result, phase }: { result: ElectionResultView; phase: ElectionPhase }) {
  const { t } = useTranslation('elections');
  const chosenId = phase === 'decided' ? result.winnerCandidateId : result.leaderCandidateId;
  const chosen = result.candidates.find((candidate) => candidate.candidateId === chosenId);
  const titles = { open: 'result.open', counting: 'status.counting', decided: 'status.result' } as const;
  let line;
  if (chosen) {
    line = (
      <Trans
        t={t}
        i18nKey={phase === 'decided' ? 'result.winner' : 'result.leader'}
        values={{ name: personName(chosen.user) }}
        components={{ name: <Auto /> }}
      />
    );
  } else {
    line = phase === 'decided' ? t('status.noWinner') : t('result.noneYet');
  }
  const unbeaten = (result.schulzeWinners ?? [])
    .map((id) => result.candidates.find((candidate) => candidate.candidateId === id))
    .filter((c) => c !== undefined);
  return (
    <Alert severity={phase === 'decided' && chosen ? 'success' : 'info'}>
      <AlertTitle>{t(titles[phase])}</AlertTitle>
      <Typography variant="body2">{line}</Typography>
      {unbeaten.length > 1 && chosen && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('result.unbeaten')}{' '}
          {unbeaten.map((candidate, index) => (
            <Fragment key={candidate.candidateId}>
              {index > 0 && t('ranking.listSeparator')}
              <Auto>{personName(candidate.user)}</Auto>
            </Fragment>
          ))}
          {'. '}
          <Trans t={t} i18nKey="result.tieBreak" values={{ name: personName(chosen.user) }} components={{ name: <Auto /> }} />
        </Typography>
      )}
    </Alert>
  );
}

/**
 * The count of a ranked or approval election (issue #34 item 5; GET /api/topics/<id>/result): where it
 * stands or who won, each candidate's approvals or first preferences (with delegation and direct), and
 * for Schulze the pairwise matrix and the strongest paths the winner comes from.
 */
export function ElectionResultCard({ topic }: { topic: TopicView }) {
  const { t } = useTranslation('elections');
  const result = useElectionResult(topic.id);
  useFollowCandidates(topic.id);
  const now = useMinuteClock(topic.expiresAt);

  let body;
  if (result.isPending) {
    body = <Typography color="text.secondary">{t('result.loading')}</Typography>;
  } else if (result.isError) {
    body = <Alert severity="error">{t('result.loadError', { message: result.error.message })}</Alert>;
  } else {
    const data = result.data;
    const phase = phaseOf(data, topic, now);
    const chosen = phase === 'decided' ? data.winnerCandidateId : data.leaderCandidateId;
    body = (
      <Stack spacing={2}>
        <Outcome result={data} phase={phase} />
        <Typography variant="body2" color="text.secondary">
          {t('result.totals', { ballots: t('candidates.directBallots', { count: data.ballotCount }), weight: data.ballotWeight })}
        </Typography>
        {data.candidates.length > 0 && <CountsTable result={data} chosen={chosen} />}
        {data.method === 'schulze' && data.pairwise && data.candidates.length > 1 && (
          <MatrixTable caption={t('result.pairwiseCaption')} candidates={data.candidates} matrix={data.pairwise} />
        )}
        {data.method === 'schulze' && data.strongestPaths && data.candidates.length > 1 && (
          <MatrixTable caption={t('result.pathsCaption')} candidates={data.candidates} matrix={data.strongestPaths} />
        )}
      </Stack>
    );
  }

  return (
    <SectionCard title={t('result.title')} icon={<LeaderboardIcon color="primary" aria-hidden />}>
      {body}
    </SectionCard>
  );
}
