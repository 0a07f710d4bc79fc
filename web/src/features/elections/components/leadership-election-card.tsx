import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import { Link as RouterLink } from 'wouter';
import { ELECTION_DEFAULT_DAYS } from '@civitas/events/topics/topic-rules';
import { toast } from '../../../lib/toast-store';
import { SectionCard } from '../../../components/section-card';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDisplayDate } from '../../../lib/format-date';
import { displayName } from '../../../lib/user-display';
import type { Group } from '../../../lib/api/group';
import { useCreateMainElection } from '../api/create-main-election';
import { useMainElection, type MainElectionView } from '../api/get-main-election';
import { useCandidates } from '../api/get-candidates';
import { useRegisterInElection } from '../api/register-candidate';
import { toastCandidacyError } from './candidacy-error';
import { holdsMainElection } from './main-election-groups';

const count = (value: number, one: string, many: string) => `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

/** The card's three states (spec section 2), and a closed election nobody won. */
export type LeadershipState = 'initializing' | 'active' | 'winner' | 'no-winner';

export function leadershipState(election: MainElectionView | null): LeadershipState {
  if (!election) return 'initializing';
  if (election.winner) return 'winner';
  return election.status === 'active' ? 'active' : 'no-winner';
}

const STATE_LABELS: Record<LeadershipState, string> = {
  initializing: 'Initializing',
  active: 'Active',
  winner: 'Winner Declared',
  'no-winner': 'No Winner',
};

function StartElectionButton({ group, label }: { group: Group; label: string }) {
  const create = useCreateMainElection(group);
  if (!group.canParticipate) {
    return <Typography variant="body2" color="text.secondary">Members who take part in this group can start its leadership election.</Typography>;
  }
  return (
    <Button
      variant="contained"
      disabled={create.isPending}
      sx={{ alignSelf: 'flex-start' }}
      onClick={() => create.mutate()}
    >
      {create.isPending ? 'Creating...' : label}
    </Button>
  );
}

function ElectionLink({ election }: { election: MainElectionView }) {
  return (
    <Link component={RouterLink} href={`/topic/${election.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {election.title}
    </Link>
  );
}

/** Stand from the group page (POST /api/topics/<id>/candidates); 'Already Running' once registered. */
function RunForLeader({ election, userId }: { election: MainElectionView; userId: string }) {
  const candidates = useCandidates(election.id);
  const register = useRegisterInElection(election.id, userId);
  if (!candidates.isSuccess) return null;
  if (candidates.data.some((candidate) => candidate.userId === userId)) {
    return (
      <Button variant="outlined" disabled>
        Already Running
      </Button>
    );
  }
  return (
    <Button
      variant="outlined"
      disabled={register.isPending}
      onClick={() =>
        register.mutate(undefined, {
          onSuccess: () => toast({ title: 'Candidacy Registered!', description: 'You are now running in this election.' }),
          onError: toastCandidacyError,
        })
      }
    >
      {register.isPending ? 'Registering...' : 'Run for Election'}
    </Button>
  );
}

function ActiveElection({ election, group, userId }: { election: MainElectionView; group: Group; userId: string }) {
  const ends = formatDisplayDate(election.expiresAt);
  const ended = new Date(election.expiresAt).getTime() <= Date.now();
  return (
    <Stack spacing={1.5}>
      <ElectionLink election={election} />
      <Typography variant="body2" color="text.secondary">
        {count(election.candidateCount, 'candidate', 'candidates')}
        {ends && (ended ? ` · voting ended ${ends}, the result is being counted` : ` · ends ${ends}`)}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} href={`/topic/${election.id}`} variant="contained">
          Join Election
        </Button>
        {group.canParticipate && !ended && <RunForLeader election={election} userId={userId} />}
      </Stack>
    </Stack>
  );
}

function WinnerDeclared({ election, group }: { election: MainElectionView & { winner: NonNullable<MainElectionView['winner']> }; group: Group }) {
  const name = displayName(election.winner);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <UserAvatar user={election.winner} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            Leader of {group.name}, with a seat in the Alliance
          </Typography>
        </Box>
        <Chip label="Leader" color="secondary" size="small" icon={<MilitaryTechIcon aria-hidden />} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Elected in <ElectionLink election={election} />
      </Typography>
      <StartElectionButton group={group} label="Start New Election" />
    </Stack>
  );
}

/**
 * The group's leadership election (spec section 2): initializing (none yet, start one), active
 * (the election, its candidates and end date), winner declared (the leader).
 */
export function LeadershipElectionCard({ group, userId }: { group: Group; userId: string }) {
  const election = useMainElection(group.id, holdsMainElection(group));
  if (!holdsMainElection(group)) return null;

  let state: LeadershipState | null = null;
  let body;
  if (election.isPending) {
    body = <Typography color="text.secondary">Loading the leadership election...</Typography>;
  } else if (election.isError) {
    body = <Alert severity="error">Could not load the leadership election: {election.error.message}</Alert>;
  } else {
    const data = election.data;
    state = leadershipState(data);
    if (data && data.winner) {
      body = <WinnerDeclared election={{ ...data, winner: data.winner }} group={group} />;
    } else if (data && state === 'active') {
      body = <ActiveElection election={data} group={group} userId={userId} />;
    } else {
      body = (
        <Stack spacing={1.5}>
          <Typography color="text.secondary">
            {data
              ? 'The last leadership election closed without a winner.'
              : `${group.name} has not elected a leader yet. The leadership election runs for ${ELECTION_DEFAULT_DAYS} days; the winner leads the group and sits in the Alliance.`}
          </Typography>
          <StartElectionButton group={group} label="Start Leadership Election" />
        </Stack>
      );
    }
  }

  return (
    <SectionCard title="Leadership Election" icon={<MilitaryTechIcon color="primary" aria-hidden />}>
      {state && <Chip label={STATE_LABELS[state]} size="small" variant="outlined" sx={{ mb: 1.5 }} />}
      {body}
    </SectionCard>
  );
}
