import { Fragment } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import { Trans, useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import type { ElectionMethod } from '../../../lib/election-methods';
import { Auto } from '../../../components/bidi';
import { SectionCard } from '../../../components/section-card';
import { numberFormatOf, useLanguage } from '../../../i18n';
import type { TopicView } from '../../../lib/api/get-topic';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { useCandidates } from '../api/get-candidates';
import { useTopicResult, type ElectionResultView } from '../api/get-topic-result';
import type { ElectionPhase } from './election-phase';
import { DecidedByLine, QuorumFiguresLine, decidedByText } from './quorum-figures';
import { MatrixTable, ScrollingTable, resultPhase, useResultFollows } from './result-tables';

/** The counts table's texts by method: what a candidate's number counts. */
const COUNT_KEYS = {
  plurality: { caption: 'result.counts.plurality.caption', weighted: 'result.counts.plurality.weighted', direct: 'result.counts.plurality.direct' },
  schulze: { caption: 'result.counts.schulze.caption', weighted: 'result.counts.schulze.weighted', direct: 'result.counts.schulze.direct' },
  approval: { caption: 'result.counts.approval.caption', weighted: 'result.counts.approval.weighted', direct: 'result.counts.approval.direct' },
} as const satisfies Record<ElectionMethod, Record<'caption' | 'weighted' | 'direct', string>>;

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
  } else if (phase === 'decided') {
    // Nobody elected: the rule says why (too few took part, or no ballot had weight), where it is known.
    line = result.decidedBy ? decidedByText(t, result.decidedBy) : t('status.noWinner');
  } else {
    line = t('result.noneYet');
  }
  const unbeaten = (result.schulzeWinners ?? [])
    .map((id) => result.candidates.find((candidate) => candidate.candidateId === id))
    .filter((c) => c !== undefined);
  return (
    <Alert severity={phase === 'decided' && chosen ? 'success' : 'info'}>
      <AlertTitle>{t(titles[phase])}</AlertTitle>
      <Typography variant="body2">{line}</Typography>
      {phase === 'decided' && chosen && <DecidedByLine rule={result.decidedBy} />}
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
 * The count of an election (issue #34 items 3 and 5; GET /api/topics/<id>/result): where it stands or
 * who won and by which rule, how much of the group took part against its quorum, each candidate's
 * votes, approvals or first preferences (with delegation and direct), and for Schulze the pairwise
 * matrix and the strongest paths the winner comes from.
 */
export function ElectionResultCard({ topic }: { topic: TopicView }) {
  const { t } = useTranslation('elections');
  const result = useTopicResult(topic.id);
  useResultFollows(topic.id, useCandidates(topic.id).dataUpdatedAt);
  const now = useMinuteClock(topic.expiresAt);

  let body;
  if (result.isPending) {
    body = <Typography color="text.secondary">{t('result.loading')}</Typography>;
  } else if (result.isError) {
    body = <Alert severity="error">{t('result.loadError', { message: result.error.message })}</Alert>;
  } else if (result.data.kind === 'election') {
    // An election's topic reads an election's result (a law's among its opinions has its own card).
    const data = result.data;
    const phase = resultPhase(data, topic, now);
    const options = data.candidates.map((candidate) => ({ id: candidate.candidateId, name: personName(candidate.user) }));
    const chosen = phase === 'decided' ? data.winnerCandidateId : data.leaderCandidateId;
    body = (
      <Stack spacing={2}>
        <Outcome result={data} phase={phase} />
        <Typography variant="body2" color="text.secondary">
          {t('result.totals', { ballots: t('candidates.directBallots', { count: data.ballotCount }), weight: data.ballotWeight })}
        </Typography>
        {data.quorum && <QuorumFiguresLine quorum={data.quorum} phase={phase} />}
        {data.candidates.length > 0 && <CountsTable result={data} chosen={chosen} />}
        {data.method === 'schulze' && data.pairwise && data.candidates.length > 1 && (
          <MatrixTable caption={t('result.pairwiseCaption')} options={options} matrix={data.pairwise} />
        )}
        {data.method === 'schulze' && data.strongestPaths && data.candidates.length > 1 && (
          <MatrixTable caption={t('result.pathsCaption')} options={options} matrix={data.strongestPaths} />
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
