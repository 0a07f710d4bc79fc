import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { DELEGATE_ID_REQUIRED } from '@civitas/events/delegation/delegation.contract';
import { SectionCard } from '../../../components/section-card';
import { UserAvatar } from '../../../components/user-avatar';
import { toastCommandError } from '../../../lib/command-error-toast';
import { formatDisplayDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast-store';
import { displayName } from '../../../lib/user-display';
import { useCancelDelegation, useCreateDelegation } from '../api/change-group-delegation';
import { useGroupDelegation, type GroupDelegationView } from '../api/get-group-delegation';
import { DelegateSearch } from './delegate-search';

const CREATE_FAILED = 'Failed to create delegation. Please check the user ID and try again.';
const CANCEL_FAILED = 'Failed to cancel delegation. Please try again.';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** 'You carry N votes from M members': the weight others lend the member here (section 7's carried weight). */
export function carriedWeightLine({ weight, directDelegators }: GroupDelegationView['carried']): string | null {
  if (directDelegators === 0) return null;
  return `You carry ${plural(weight, 'vote', 'votes')} from ${plural(directDelegators, 'member', 'members')}`;
}

interface VoteDelegationCardProps {
  groupId: number;
  /** The signed-in member: others delegate to them by this id. */
  userId: string;
  /** Whether members can be found by name in this group (National, International, Alliance); else by user ID only. */
  nameSearch: boolean;
  /** Whether the member takes part in the group: only then do they have a vote to lend (an old delegation can still be cancelled). */
  canDelegate: boolean;
}

/** The user-id form of spec section 5: POST /api/delegations {delegateId, groupId}. */
function DelegateByIdForm({ onDelegate, pending }: { onDelegate: (delegateId: string) => void; pending: boolean }) {
  const [delegateId, setDelegateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = delegateId.trim();
    if (!id) {
      setError(DELEGATE_ID_REQUIRED);
      return;
    }
    setError(null);
    onDelegate(id);
  };
  return (
    // Stacked: the card sits in the narrow sidebar, and an id is long.
    <Stack component="form" aria-label="Delegate by user ID" noValidate onSubmit={submit} spacing={1}>
      <TextField
        label="Delegate's user ID"
        size="small"
        autoComplete="off"
        value={delegateId}
        onChange={(event) => {
          setDelegateId(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error}
        fullWidth
      />
      <Button type="submit" variant="outlined" disabled={pending} sx={{ alignSelf: 'flex-end' }}>
        Delegate
      </Button>
    </Stack>
  );
}

/** The topic page's vote delegation card: the member's delegate in the topic's group, change and cancel, and the weight they carry. */
export function VoteDelegationCard({ groupId, userId, nameSearch, canDelegate }: VoteDelegationCardProps) {
  const state = useGroupDelegation(groupId);
  const create = useCreateDelegation();
  const cancel = useCancelDelegation();
  const [changing, setChanging] = useState(false);

  const delegateTo = (delegateId: string) =>
    create.mutate(
      { delegateId, groupId },
      {
        onSuccess: () => {
          setChanging(false);
          toast({ title: 'Delegation created', description: 'Your vote in this group now follows your delegate.' });
        },
        onError: (error) => toastCommandError(error, CREATE_FAILED),
      },
    );

  let body;
  if (state.isPending) {
    body = <Typography color="text.secondary">Loading your delegation...</Typography>;
  } else if (state.isError) {
    body = <Alert severity="error">Could not load your delegation: {state.error.message}</Alert>;
  } else {
    const { delegation, carried } = state.data;
    const carriedLine = carriedWeightLine(carried);
    const since = delegation ? formatDisplayDate(delegation.createdAt) : null;
    const showForm = canDelegate && (changing || !delegation);
    body = (
      <Stack spacing={2}>
        {delegation ? (
          <Box>
            <Typography variant="body2" color="text.secondary">
              Your delegate in this group
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 0.5 }}>
              <UserAvatar user={delegation.delegate} size={32} />
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{displayName(delegation.delegate)}</Typography>
                {since && (
                  <Typography variant="caption" color="text.secondary">
                    Since {since}
                  </Typography>
                )}
              </Box>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Where you do not vote yourself, your weight follows their vote.
            </Typography>
          </Box>
        ) : canDelegate ? (
          <Typography color="text.secondary">
            You have no delegate in this group: only your own votes count for you. Name a delegate and, on every opinion
            you do not vote on, your weight follows theirs.
          </Typography>
        ) : (
          <Typography color="text.secondary">
            Only members who take part in this group carry a vote here, so you have none to delegate.
          </Typography>
        )}
        {carriedLine && <Alert severity="info">{carriedLine}</Alert>}
        {delegation && (
          <Stack direction="row" spacing={1}>
            {canDelegate && (
              <Button variant="outlined" size="small" onClick={() => setChanging((open) => !open)} aria-expanded={changing}>
                Change Delegate
              </Button>
            )}
            <Button
              color="error"
              size="small"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(groupId, {
                  onSuccess: () => {
                    setChanging(false);
                    toast({ title: 'Delegation cancelled', description: 'Only your own votes count for you in this group now.' });
                  },
                  onError: (error) => toastCommandError(error, CANCEL_FAILED),
                })
              }
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel Delegation'}
            </Button>
          </Stack>
        )}
        {showForm && (
          <Stack spacing={2}>
            {nameSearch && (
              <DelegateSearch
                group={{ fixedId: groupId }}
                selfId={userId}
                currentDelegateIdIn={() => delegation?.delegateId ?? null}
                chooseLabel="Delegate"
                choosing={create.isPending}
                onChoose={(delegate) => delegateTo(delegate.id)}
              />
            )}
            <DelegateByIdForm onDelegate={delegateTo} pending={create.isPending} />
          </Stack>
        )}
        <Divider />
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Others can delegate to you with your user ID:{' '}
          <Box component="code" sx={{ fontFamily: 'monospace', userSelect: 'all' }}>
            {userId}
          </Box>
        </Typography>
      </Stack>
    );
  }

  return (
    <SectionCard title="Vote Delegation" icon={<AccountTreeIcon color="primary" aria-hidden />}>
      {body}
    </SectionCard>
  );
}
