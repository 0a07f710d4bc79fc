import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { ELECTION_DEFAULT_DAYS } from '@civitas/events/topics/topic-rules';
import { personName } from '@civitas/events/person-name';
import { SectionCard } from '../../../components/section-card';
import { UserAvatar } from '../../../components/user-avatar';
import { useGroupName } from '../../../lib/country-name';
import { formatDisplayDate } from '../../../lib/format-date';
import type { Group } from '../../../lib/api/group';
import { useCreateMainElection } from '../api/create-main-election';
import { useMainElection, type MainElectionView } from '../api/get-main-election';
import { useCandidates } from '../api/get-candidates';
import { useRegisterInElection } from '../api/register-candidate';
import { RunForElection } from './run-for-election';
import { holdsMainElection } from './main-election-groups';
import { StartElectionDialog } from './start-election-dialog';

/** The card's three states (docs/product.md, Screens), and a closed election nobody won. */
export type LeadershipState = 'initializing' | 'active' | 'winner' | 'no-winner';

export function leadershipState(election: MainElectionView | null): LeadershipState {
  if (!election) return 'initializing';
  if (election.winner) return 'winner';
  return election.status === 'active' ? 'active' : 'no-winner';
}

const STATE_KEYS = {
  initializing: 'leadership.states.initializing',
  active: 'leadership.states.active',
  winner: 'leadership.states.winner',
  'no-winner': 'leadership.states.noWinner',
} as const satisfies Record<LeadershipState, string>;

/** Starting an election opens it for ELECTION_DEFAULT_DAYS at once, for the whole group: asked first (issue #32), with its method (issue #34). */
function StartElectionButton({ group, label }: { group: Group; label: string }) {
  const { t } = useTranslation('elections');
  const groupName = useGroupName()(group);
  const create = useCreateMainElection(group);
  const [asking, setAsking] = useState(false);
  if (!group.canParticipate) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('leadership.onlyMembersStart')}
      </Typography>
    );
  }
  return (
    <>
      <Button variant="contained" disabled={create.isPending} sx={{ alignSelf: 'flex-start' }} onClick={() => setAsking(true)}>
        {create.isPending ? t('leadership.creating') : label}
      </Button>
      <StartElectionDialog
        open={asking}
        title={t('leadership.confirmTitle', { group: groupName })}
        text={t('leadership.confirmText', { group: groupName, days: ELECTION_DEFAULT_DAYS })}
        pending={create.isPending}
        onClose={() => setAsking(false)}
        onStart={(method) => create.mutate(method, { onSettled: () => setAsking(false) })}
      />
    </>
  );
}

/** The election's title as a link; inside a translated sentence, Trans passes the title as children. */
function ElectionLink({ election, children }: { election: MainElectionView; children?: ReactNode }) {
  return (
    <Link component={RouterLink} href={`/topic/${election.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {children ?? election.title}
    </Link>
  );
}

/** Stand from the group page (POST /api/topics/<id>/candidates), with a statement as on the election's page. */
function RunForLeader({ election, userId }: { election: MainElectionView; userId: string }) {
  const candidates = useCandidates(election.id);
  const register = useRegisterInElection(election.id, userId);
  if (!candidates.isSuccess) return null;
  return (
    <RunForElection
      variant="outlined"
      alreadyRunning={candidates.data.some((candidate) => candidate.userId === userId)}
      pending={register.isPending}
      register={(statement, callbacks) => register.mutate(statement, callbacks)}
    />
  );
}

function ActiveElection({ election, group, userId }: { election: MainElectionView; group: Group; userId: string }) {
  const { t } = useTranslation('elections');
  const ends = formatDisplayDate(election.expiresAt);
  const ended = new Date(election.expiresAt).getTime() <= Date.now();
  const candidates = t('leadership.candidates', { count: election.candidateCount });
  return (
    <Stack spacing={1.5}>
      <ElectionLink election={election} />
      <Typography variant="body2" color="text.secondary">
        {ends ? t(ended ? 'leadership.votingEnded' : 'leadership.ends', { candidates, date: ends }) : candidates}
      </Typography>
      <Button component={RouterLink} href={`/topic/${election.id}`} variant="contained" sx={{ alignSelf: 'flex-start' }}>
        {t('leadership.joinElection')}
      </Button>
      {group.canParticipate && !ended && <RunForLeader election={election} userId={userId} />}
    </Stack>
  );
}

function WinnerDeclared({ election, group }: { election: MainElectionView & { winner: NonNullable<MainElectionView['winner']> }; group: Group }) {
  const { t } = useTranslation('elections');
  const name = personName(election.winner);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <UserAvatar user={election.winner} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('leadership.leaderOf', { group: group.name })}
          </Typography>
        </Box>
        <Chip label={t('leadership.leader')} color="secondary" size="small" icon={<MilitaryTechIcon aria-hidden />} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        <Trans t={t} i18nKey="leadership.electedIn" values={{ title: election.title }} components={{ link: <ElectionLink election={election} /> }} />
      </Typography>
      <StartElectionButton group={group} label={t('leadership.startNew')} />
    </Stack>
  );
}

/**
 * The group's leadership election (docs/product.md, Screens): initializing (none yet, start one), active
 * (the election, its candidates and end date), winner declared (the leader).
 */
export function LeadershipElectionCard({ group, userId }: { group: Group; userId: string }) {
  const { t } = useTranslation('elections');
  const election = useMainElection(group.id, holdsMainElection(group));
  if (!holdsMainElection(group)) return null;

  let state: LeadershipState | null = null;
  let body;
  if (election.isPending) {
    body = <Typography color="text.secondary">{t('leadership.loading')}</Typography>;
  } else if (election.isError) {
    body = <Alert severity="error">{t('leadership.loadError', { message: election.error.message })}</Alert>;
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
            {data ? t('leadership.closedWithoutWinner') : t('leadership.noLeaderYet', { group: group.name, days: ELECTION_DEFAULT_DAYS })}
          </Typography>
          <StartElectionButton group={group} label={t('leadership.start')} />
        </Stack>
      );
    }
  }

  return (
    <SectionCard title={t('leadership.title')} icon={<MilitaryTechIcon color="primary" aria-hidden />}>
      {state && <Chip label={t(STATE_KEYS[state])} size="small" variant="outlined" sx={{ mb: 1.5 }} />}
      {body}
    </SectionCard>
  );
}
