import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Trans, useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
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
}

/** Where the election stands, above its candidates: its countdown, 'Counting…', or the result. */
export function ElectionStatus({ topic, phase, winner }: ElectionStatusProps) {
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
        i18nKey="status.winner"
        values={{ name: personName(winner.user), votes: t('candidates.votes', { count: winner.voteCount }) }}
        components={{ name: <Auto /> }}
      />
    );
  } else {
    // winnerId without its row in the list is a list read before the close was counted: the next read names them.
    outcome = topic.winnerId ? t('status.decided') : t('status.noWinner');
  }
  return (
    <Alert severity={winner ? 'success' : 'info'} role="status">
      <AlertTitle>{t('status.result')}</AlertTitle>
      {outcome}
    </Alert>
  );
}
