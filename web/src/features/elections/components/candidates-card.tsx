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
import { STATEMENT_MAX_LENGTH } from '@civitas/events/elections/election.contract';
import { SectionCard } from '../../../components/section-card';
import { UserAvatar } from '../../../components/user-avatar';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { displayName } from '../../../lib/user-display';
import type { TopicView } from '../../../lib/api/get-topic';
import { useCastBallot } from '../api/cast-ballot';
import { useCandidates, type CandidateView } from '../api/get-candidates';
import { useRegisterCandidate } from '../api/register-candidate';
import { toastCandidacyError } from './candidacy-error';

const BALLOT_FAILED = 'Failed to cast ballot. Please try again.';

const count = (value: number, one: string, many: string) => `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

interface CandidatesCardProps {
  topic: TopicView;
  userId: string;
  /** Whether the member may vote and stand here now (eligible, and the election is open). */
  canTakePart: boolean;
  /** A log position: the candidates and counts as they stood then (the topic page's time slider). */
  asOf?: string;
}

function CandidateRow({ candidate, topic, isSelf, canVote, busy, onBallot }: {
  candidate: CandidateView;
  topic: TopicView;
  isSelf: boolean;
  canVote: boolean;
  busy: boolean;
  onBallot: () => void;
}) {
  const name = displayName(candidate.user);
  const isWinner = topic.winnerId !== null && topic.winnerId === candidate.userId;
  return (
    <Stack component="li" aria-label={`Candidate ${name}`} spacing={1} sx={{ py: 1 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <UserAvatar user={candidate.user} size={36} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
            {isSelf && ' (you)'}
          </Typography>
          {/* The weighted count is the official one (delegation applies); direct ballots beside it. */}
          <Typography variant="body2" color="text.secondary">
            {count(candidate.voteCount, 'vote', 'votes')} · {count(candidate.directVotes, 'direct ballot', 'direct ballots')}
          </Typography>
        </Box>
        {isWinner && <Chip label="Winner" color="success" icon={<CheckCircleIcon aria-hidden />} />}
        <Button
          size="small"
          variant={candidate.isMyChoice ? 'contained' : 'outlined'}
          aria-pressed={candidate.isMyChoice}
          aria-label={candidate.isMyChoice ? `Your vote: ${name}` : `Vote for ${name}`}
          startIcon={<HowToVoteIcon aria-hidden />}
          disabled={!canVote || busy}
          onClick={onBallot}
        >
          {candidate.isMyChoice ? 'Your Vote' : 'Vote'}
        </Button>
      </Stack>
      {candidate.statement && (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{candidate.statement}</Typography>
      )}
    </Stack>
  );
}

/** Run for Election with an optional statement; 'Already Running' once registered (spec section 4). */
function RunForElection({ topicId, alreadyRunning }: { topicId: string; alreadyRunning: boolean }) {
  const [open, setOpen] = useState(false);
  const [statement, setStatement] = useState('');
  const register = useRegisterCandidate(topicId);

  if (alreadyRunning) {
    return (
      <Button variant="outlined" disabled startIcon={<CheckCircleIcon aria-hidden />}>
        Already Running
      </Button>
    );
  }
  if (!open) {
    return (
      <Button variant="contained" onClick={() => setOpen(true)}>
        Run for Election
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
          toast({ title: 'Candidacy Registered!', description: 'You are now running in this election.' });
        },
        onError: toastCandidacyError,
      },
    );
  };
  return (
    <Stack component="form" aria-label="Run for Election" spacing={1.5} noValidate onSubmit={submit}>
      <TextField
        label="Your statement (optional)"
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
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={register.isPending}>
          {register.isPending ? 'Registering...' : 'Register Candidacy'}
        </Button>
      </Stack>
    </Stack>
  );
}

/** An election topic's candidates: weighted and direct counts, the ballot, and Run for Election. */
export function CandidatesCard({ topic, userId, canTakePart: canTakePartNow, asOf }: CandidatesCardProps) {
  const candidates = useCandidates(topic.id, asOf);
  // The past (`asOf`): the counts of then; nobody votes or stands in the past, and no winner was declared yet.
  const past = asOf !== undefined;
  const canTakePart = canTakePartNow && !past;
  const shownTopic = past ? { ...topic, winnerId: null } : topic;
  const ballot = useCastBallot(topic.id);

  const vote = (candidate: CandidateView) =>
    ballot.mutate(candidate.id, {
      onSuccess: (reply) =>
        toast({ title: reply.candidateId ? 'Ballot cast' : 'Ballot withdrawn', description: reply.candidateId ? `Your vote goes to ${displayName(candidate.user)}.` : undefined }),
      onError: (error) => toastCommandError(error, BALLOT_FAILED),
    });

  let body;
  if (candidates.isPending) {
    body = <Typography color="text.secondary">Loading candidates...</Typography>;
  } else if (candidates.isError) {
    body = <Alert severity="error">Could not load the candidates: {candidates.error.message}</Alert>;
  } else {
    const list = candidates.data;
    const alreadyRunning = list.some((candidate) => candidate.userId === userId);
    body = (
      <Stack spacing={2}>
        {list.length === 0 ? (
          <Typography color="text.secondary">No candidates yet.</Typography>
        ) : (
          <Box component="ul" aria-label="Candidates" sx={{ listStyle: 'none', m: 0, p: 0 }}>
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
            One vote per member: choosing another candidate moves it, choosing yours again withdraws it. Members who
            delegated to you and do not vote follow your choice.
          </Typography>
        )}
        {canTakePart ? <RunForElection topicId={topic.id} alreadyRunning={alreadyRunning} /> : !past && alreadyRunning && <Chip label="Already Running" sx={{ alignSelf: 'flex-start' }} />}
      </Stack>
    );
  }

  return (
    <SectionCard title="Candidates" icon={<HowToVoteIcon color="primary" aria-hidden />}>
      {body}
    </SectionCard>
  );
}
