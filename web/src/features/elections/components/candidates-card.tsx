import { Fragment, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { STATEMENT_MAX_LENGTH } from '@civitas/events/elections/election.contract';
import { personName } from '@civitas/events/person-name';
import { SectionCard } from '../../../components/section-card';
import { UserAvatar } from '../../../components/user-avatar';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { TopicView } from '../../../lib/api/get-topic';
import { useCastBallot } from '../api/cast-ballot';
import { useCandidates, type CandidateView } from '../api/get-candidates';
import { useRegisterCandidate } from '../api/register-candidate';
import { toastCandidacyError } from './candidacy-error';

interface CandidatesCardProps {
  topic: TopicView;
  userId: string;
  /** Whether the member may vote and stand here now (eligible, and the election is open). */
  canTakePart: boolean;
  /** A log position: the candidates and counts as they stood then (the topic page's time slider). */
  asOf?: string;
}

function CandidateRow({
  candidate,
  topic,
  isSelf,
  canVote,
  busy,
  onBallot,
}: {
  candidate: CandidateView;
  topic: TopicView;
  isSelf: boolean;
  canVote: boolean;
  busy: boolean;
  onBallot: () => void;
}) {
  const { t } = useTranslation('elections');
  const name = personName(candidate.user);
  const isWinner = topic.winnerId !== null && topic.winnerId === candidate.userId;
  return (
    <Stack component="li" aria-label={t('candidates.candidate', { name })} spacing={1} sx={{ py: 1 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <UserAvatar user={candidate.user} size={36} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{isSelf ? t('candidates.you', { name }) : name}</Typography>
          {/* The weighted count is the official one (delegation applies); direct ballots beside it. */}
          <Typography variant="body2" color="text.secondary">
            {t('candidates.counts', {
              votes: t('candidates.votes', { count: candidate.voteCount }),
              ballots: t('candidates.directBallots', { count: candidate.directVotes }),
            })}
          </Typography>
        </Box>
        {isWinner && <Chip label={t('candidates.winner')} color="success" icon={<CheckCircleIcon aria-hidden />} />}
        <Button
          size="small"
          variant={candidate.isMyChoice ? 'contained' : 'outlined'}
          aria-pressed={candidate.isMyChoice}
          aria-label={candidate.isMyChoice ? t('candidates.yourVoteFor', { name }) : t('candidates.voteFor', { name })}
          startIcon={<HowToVoteIcon aria-hidden />}
          disabled={!canVote || busy}
          onClick={onBallot}
        >
          {candidate.isMyChoice ? t('candidates.yourVote') : t('candidates.vote')}
        </Button>
      </Stack>
      {candidate.statement && (
        <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {candidate.statement}
        </Typography>
      )}
    </Stack>
  );
}

/** Run for Election with an optional statement; 'Already Running' once registered (docs/product.md, States). */
function RunForElection({ topicId, alreadyRunning }: { topicId: string; alreadyRunning: boolean }) {
  const { t } = useTranslation(['elections', 'common']);
  const [open, setOpen] = useState(false);
  const [statement, setStatement] = useState('');
  const register = useRegisterCandidate(topicId);

  if (alreadyRunning) {
    return (
      <Button variant="outlined" disabled startIcon={<CheckCircleIcon aria-hidden />}>
        {t('run.alreadyRunning')}
      </Button>
    );
  }
  if (!open) {
    return (
      <Button variant="contained" onClick={() => setOpen(true)}>
        {t('run.runForElection')}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = statement.trim();
    register.mutate(
      { topicId, statement: text || undefined },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: t('run.registered'), description: t('run.registeredDescription') });
        },
        onError: toastCandidacyError,
      },
    );
  };
  return (
    <Stack component="form" aria-label={t('run.runForElection')} spacing={1.5} noValidate onSubmit={submit}>
      <TextField
        label={t('run.statement')}
        multiline
        minRows={3}
        value={statement}
        onChange={(event) => setStatement(event.target.value.slice(0, STATEMENT_MAX_LENGTH))}
        helperText={`${statement.length}/${STATEMENT_MAX_LENGTH}`}
        slotProps={{ htmlInput: { maxLength: STATEMENT_MAX_LENGTH }, formHelperText: { sx: { textAlign: 'right', mx: 0 } } }}
        fullWidth
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => setOpen(false)} disabled={register.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={register.isPending}>
          {register.isPending ? t('run.registering') : t('run.register')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** An election topic's candidates: weighted and direct counts, the ballot, and Run for Election. */
export function CandidatesCard({ topic, userId, canTakePart: canTakePartNow, asOf }: CandidatesCardProps) {
  const candidates = useCandidates(topic.id, asOf);
  // The past (`asOf`): the counts of then; nobody votes or stands in the past, and no winner was declared yet.
  const { t } = useTranslation('elections');
  const past = asOf !== undefined;
  const canTakePart = canTakePartNow && !past;
  const shownTopic = past ? { ...topic, winnerId: null } : topic;
  const ballot = useCastBallot(topic.id);

  const vote = (candidate: CandidateView) =>
    ballot.mutate(candidate.id, {
      onSuccess: (reply) =>
        toast({
          title: reply.candidateId ? t('candidates.ballotCast') : t('candidates.ballotWithdrawn'),
          description: reply.candidateId ? t('candidates.ballotCastDescription', { name: personName(candidate.user) }) : undefined,
        }),
      onError: (error) => toastCommandError(error, t('candidates.ballotFailed')),
    });

  let body;
  if (candidates.isPending) {
    body = <Typography color="text.secondary">{t('candidates.loading')}</Typography>;
  } else if (candidates.isError) {
    body = <Alert severity="error">{t('candidates.loadError', { message: candidates.error.message })}</Alert>;
  } else {
    const list = candidates.data;
    const alreadyRunning = list.some((candidate) => candidate.userId === userId);
    body = (
      <Stack spacing={2}>
        {list.length === 0 ? (
          <Typography color="text.secondary">{t('candidates.empty')}</Typography>
        ) : (
          <Box component="ul" aria-label={t('candidates.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map((candidate, index) => (
              <Fragment key={candidate.id}>
                {index > 0 && <Divider component="li" aria-hidden />}
                <CandidateRow
                  candidate={past ? { ...candidate, isMyChoice: false } : candidate}
                  topic={shownTopic}
                  isSelf={candidate.userId === userId}
                  canVote={canTakePart}
                  busy={ballot.isPending}
                  onBallot={() => vote(candidate)}
                />
              </Fragment>
            ))}
          </Box>
        )}
        {canTakePart && list.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('candidates.howBallotsWork')}
          </Typography>
        )}
        {canTakePart ? (
          <RunForElection topicId={topic.id} alreadyRunning={alreadyRunning} />
        ) : (
          !past && alreadyRunning && <Chip label={t('run.alreadyRunning')} sx={{ alignSelf: 'flex-start' }} />
        )}
      </Stack>
    );
  }

  return (
    <SectionCard title={t('candidates.title')} icon={<HowToVoteIcon color="primary" aria-hidden />}>
      {body}
    </SectionCard>
  );
}
