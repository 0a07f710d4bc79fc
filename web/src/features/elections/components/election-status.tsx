import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Trans, useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import type { ElectionMethod } from '../../../lib/election-methods';
import { Auto } from '../../../components/bidi';
import type { TopicView } from '../../../lib/api/get-topic';
import { Countdown } from '../../../components/countdown';
import type { CandidateView } from '../api/get-candidates';
import type { ElectionPhase } from './election-phase';

interface ElectionStatusProps {
  topic: TopicView;
  phase: ElectionPhase;
  /** The winner among the listed candidates, once decided (none when no ballot carried weight). */
  winner: CandidateView | undefined;
  method: ElectionMethod;
}

/** The winner's line by method: a count of votes or approvals; a Schulze winner is unbeaten, not counted. */
const WINNER_KEYS = { plurality: 'status.winner', approval: 'status.winner', schulze: 'status.winnerSchulze' } as const satisfies Record<
  ElectionMethod,
  string
>;
const WINNER_COUNT_KEYS = { plurality: 'candidates.votes', approval: 'candidates.approvals', schulze: 'candidates.firstPreferences' } as const satisfies Record<
  ElectionMethod,
  string
>;

/** Where the election stands, above its candidates: its countdown, 'Counting…', or the result. */
export function ElectionStatus({ topic, phase, winner, method }: ElectionStatusProps) {
  const { t } = useTranslation('elections');
  if (phase === 'open') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <HourglassTopIcon fontSize="small" aria-hidden />
        <Typography variant="body2">
          {t('status.open')} · <Countdown expiresAt={topic.expiresAt} />
        </Typography>
      </Stack>
    );
  }
  if (phase === 'counting') {
    return (
      <Alert severity="info" role="status">
        <AlertTitle>{t('status.counting')}</AlertTitle>
        {t('status.countingNote')}
      </Alert>
    );
  }
  let outcome;
  if (winner) {
    outcome = (
      <Trans
        t={t}
        i18nKey={WINNER_KEYS[method]}
        values={{ name: personName(winner.user), votes: t(WINNER_COUNT_KEYS[method], { count: winner.voteCount }) }}
        components={{ name: <Auto /> }}
      />
    );
  } else {
    // winnerId without its row in the list is a list read before the close was counted: the next read names them.
    // With a quorum, no winner is most often too few taking part: the Results card says which.
    outcome = topic.winnerId ? t('status.decided') : (topic.quorumPercent ?? 0) > 0 ? t('status.noWinnerSeeResults') : t('status.noWinner');
  }
  return (
    <Alert severity={winner ? 'success' : 'info'} role="status">
      <AlertTitle>{t('status.result')}</AlertTitle>
      {outcome}
    </Alert>
  );
}
