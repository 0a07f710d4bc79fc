import { Fragment } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import { DEFAULT_ELECTION_METHOD, type ElectionMethod } from '../../../lib/election-methods';
import { SectionCard } from '../../../components/section-card';
import { UserAvatar } from '../../../components/user-avatar';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { TopicView } from '../../../lib/api/get-topic';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { useCastBallot } from '../api/cast-ballot';
import { candidatesQueryKey, useCandidates, type CandidateView } from '../api/get-candidates';
import { useRegisterCandidate } from '../api/register-candidate';
import { ApprovalBallot } from './approval-ballot';
import { ElectionMethodLine } from './election-method-line';
import { electionPhase } from './election-phase';
import { ElectionResultCard } from './election-result-card';
import { ElectionStatus } from './election-status';
import { useFollowTheCount } from './follow-the-count';
import { RankingBallot } from './ranking-ballot';
import { RunForElection } from './run-for-election';
import { inRegistrationOrder, standingApprovals, standingRanking } from './standing-ballot';

interface CandidatesCardProps {
  topic: TopicView;
  /** Undefined for a visitor: the candidates and counts, nothing to do. */
  userId: string | undefined;
  /** Whether the member may vote and stand here (eligible, and the election is open). */
  canTakePart: boolean;
}

/** What a candidate's count is by method: ballots naming them, approvals, or first preferences (the contract's voteCount). */
const COUNT_KEYS = { plurality: 'candidates.votes', approval: 'candidates.approvals', schulze: 'candidates.firstPreferences' } as const satisfies Record<
  ElectionMethod,
  string
>;

function CandidateRow({
  candidate,
  method,
  isSelf,
  isWinner,
  ballot,
}: {
  candidate: CandidateView;
  method: ElectionMethod;
  isSelf: boolean;
  isWinner: boolean;
  /** The plurality ballot button while the election is open; none once voting ended, nor for the other methods' ballots. */
  ballot?: { disabled: boolean; onClick: () => void };
}) {
  const { t } = useTranslation('elections');
  const name = personName(candidate.user);
  return (
    <Stack
      component="li"
      aria-label={t('candidates.candidate', { name })}
      spacing={1}
      sx={[
        { py: 1 },
        // The winner stands out beyond its chip: a tinted row with a bar on the reading side.
        isWinner &&
          ((theme) => ({ px: 1.5, borderRadius: 1, borderInlineStart: 4, borderColor: 'success.main', bgcolor: alpha(theme.palette.success.main, 0.08) })),
      ]}
    >
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <UserAvatar user={candidate.user} size={36} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {/* A block of the member's own text takes its own direction (components/bidi.tsx). */}
          <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {isSelf ? t('candidates.you', { name }) : name}
          </Typography>
          {/* The weighted count is the official one (delegation applies); direct ballots beside it. */}
          <Typography variant="body2" color="text.secondary">
            {t('candidates.counts', {
              votes: t(COUNT_KEYS[method], { count: candidate.voteCount }),
              ballots: t('candidates.directBallots', { count: candidate.directVotes }),
            })}
          </Typography>
        </Box>
        {isWinner && <Chip label={t('candidates.winner')} color="success" icon={<CheckCircleIcon aria-hidden />} />}
        {ballot && (
          <Button
            size="small"
            variant={candidate.isMyChoice ? 'contained' : 'outlined'}
            aria-pressed={candidate.isMyChoice}
            aria-label={candidate.isMyChoice ? t('candidates.yourVoteFor', { name }) : t('candidates.voteFor', { name })}
            startIcon={<HowToVoteIcon aria-hidden />}
            disabled={ballot.disabled}
            onClick={ballot.onClick}
          >
            {candidate.isMyChoice ? t('candidates.yourVote') : t('candidates.vote')}
          </Button>
        )}
      </Stack>
      {candidate.statement && (
        <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {candidate.statement}
        </Typography>
      )}
    </Stack>
  );
}

const HOW_BALLOTS_WORK = {
  plurality: 'candidates.howBallotsWork',
  schulze: 'ranking.howBallotsWork',
  approval: 'approval.howBallotsWork',
} as const satisfies Record<ElectionMethod, string>;

/** The ranked or approval ballot, starting from the member's ballot as the server has it. */
function MethodBallot({ topic, method, list }: { topic: TopicView; method: 'schulze' | 'approval'; list: CandidateView[] }) {
  const candidates = inRegistrationOrder(list);
  if (method === 'approval') return <ApprovalBallot topicId={topic.id} candidates={candidates} standing={standingApprovals(candidates)} disabled={false} />;
  const options = candidates.map((candidate) => ({ id: candidate.id, name: personName(candidate.user) }));
  return <RankingBallot topicId={topic.id} options={options} standing={standingRanking(candidates)} disabled={false} />;
}

/**
 * An election topic's main content: where it stands (open with its countdown, counting, decided) and
 * how it is counted, its candidates with their statements and counts, the ballot of its method while
 * open, and Run for Election; for a ranked or approval election, its result below (issue #34).
 */
export function CandidatesCard({ topic, userId, canTakePart }: CandidatesCardProps) {
  const { t } = useTranslation('elections');
  const method = topic.method ?? DEFAULT_ELECTION_METHOD;
  const candidates = useCandidates(topic.id);
  const ballot = useCastBallot(topic.id);
  const register = useRegisterCandidate(topic.id);
  const phase = electionPhase(topic, useMinuteClock(topic.expiresAt));
  useFollowTheCount(topic, phase, [candidatesQueryKey(topic.id)]);
  const canVote = canTakePart && phase === 'open' && userId !== undefined;

  const vote = (candidate: CandidateView) =>
    ballot.mutate(
      { candidateId: candidate.id },
      {
        onSuccess: (reply) =>
          toast({
            title: reply.candidateId ? t('candidates.ballotCast') : t('candidates.ballotWithdrawn'),
            description: reply.candidateId ? t('candidates.ballotCastDescription', { name: personName(candidate.user) }) : undefined,
          }),
        onError: (error) => toastCommandError(error, t('candidates.ballotFailed')),
      },
    );

  let body;
  if (candidates.isPending) {
    body = <Typography color="text.secondary">{t('candidates.loading')}</Typography>;
  } else if (candidates.isError) {
    body = <Alert severity="error">{t('candidates.loadError', { message: candidates.error.message })}</Alert>;
  } else {
    const list = candidates.data;
    const alreadyRunning = list.some((candidate) => candidate.userId === userId);
    const winner = phase === 'decided' ? list.find((candidate) => candidate.userId === topic.winnerId) : undefined;
    body = (
      <Stack spacing={2}>
        <ElectionStatus topic={topic} phase={phase} winner={winner} method={method} />
        <ElectionMethodLine method={method} />
        {list.length === 0 ? (
          <Typography color="text.secondary">{t('candidates.empty')}</Typography>
        ) : (
          <Box component="ul" aria-label={t('candidates.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map((candidate, index) => (
              <Fragment key={candidate.id}>
                {index > 0 && <Divider component="li" aria-hidden />}
                <CandidateRow
                  candidate={candidate}
                  method={method}
                  isSelf={candidate.userId === userId}
                  isWinner={candidate === winner}
                  ballot={method === 'plurality' && phase === 'open' ? { disabled: !canVote || ballot.isPending, onClick: () => vote(candidate) } : undefined}
                />
              </Fragment>
            ))}
          </Box>
        )}
        {canVote && list.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t(HOW_BALLOTS_WORK[method])}
          </Typography>
        )}
        {canVote && list.length > 0 && method !== 'plurality' && <MethodBallot topic={topic} method={method} list={list} />}
        {canVote ? (
          <RunForElection
            alreadyRunning={alreadyRunning}
            pending={register.isPending}
            register={(statement, callbacks) => register.mutate({ topicId: topic.id, statement }, callbacks)}
          />
        ) : (
          alreadyRunning && phase === 'open' && <Chip label={t('run.alreadyRunning')} sx={{ alignSelf: 'flex-start' }} />
        )}
      </Stack>
    );
  }

  return (
    <>
      <SectionCard title={t('candidates.title')} icon={<HowToVoteIcon color="primary" aria-hidden />}>
        {body}
      </SectionCard>
      {/* Beside the topic page's other cards (a fragment: each is an item of its stack). A plurality election's
          counts are on its candidates; with a quorum it has the card too, for how much of the group took part. */}
      {(method !== 'plurality' || (topic.quorumPercent ?? 0) > 0) && <ElectionResultCard topic={topic} />}
    </>
  );
}
