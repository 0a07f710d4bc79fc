import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import { i18n } from '../../../i18n';
import { SectionCard } from '../../../components/section-card';
import { UserAvatar } from '../../../components/user-avatar';
import { toastCommandError } from '../../../lib/command-error-toast';
import { formatDisplayDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast-store';
import { useCancelDelegation, useCreateDelegation } from '../api/change-group-delegation';
import { useGroupDelegation, type GroupDelegationView } from '../api/get-group-delegation';
import { DelegateSearch } from './delegate-search';
import { Auto, Ltr } from '../../../components/bidi';

/** 'You carry N votes from M members': the weight others lend the member here (section 7's carried weight). */
export function carriedWeightLine({ weight, directDelegators }: GroupDelegationView['carried']): string | null {
  if (directDelegators === 0) return null;
  return i18n.t('delegation:carried.line', {
    votes: i18n.t('delegation:carried.votes', { count: weight }),
    members: i18n.t('delegation:carried.members', { count: directDelegators }),
  });
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

/** The user-id form of docs/product.md, Rules: POST /api/delegations {delegateId, groupId}. */
function DelegateByIdForm({ onDelegate, pending }: { onDelegate: (delegateId: string) => void; pending: boolean }) {
  const { t } = useTranslation('delegation');
  const [delegateId, setDelegateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = delegateId.trim();
    if (!id) {
      // The contract's DELEGATE_ID_REQUIRED, in the interface language.
      setError(t('byId.required'));
      return;
    }
    setError(null);
    onDelegate(id);
  };
  return (
    // Stacked: the card sits in the narrow sidebar, and an id is long.
    <Stack component="form" aria-label={t('byId.form')} noValidate onSubmit={submit} spacing={1}>
      <TextField
        label={t('byId.label')}
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
        {t('byId.submit')}
      </Button>
    </Stack>
  );
}

/** The topic page's vote delegation card: the member's delegate in the topic's group, change and cancel, and the weight they carry. */
export function VoteDelegationCard({ groupId, userId, nameSearch, canDelegate }: VoteDelegationCardProps) {
  const { t } = useTranslation('delegation');
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
          toast({ title: t('card.created'), description: t('card.createdDescription') });
        },
        onError: (error) => toastCommandError(error, t('card.createFailed')),
      },
    );

  let body;
  if (state.isPending) {
    body = <Typography color="text.secondary">{t('card.loading')}</Typography>;
  } else if (state.isError) {
    body = <Alert severity="error">{t('card.loadError', { message: state.error.message })}</Alert>;
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
              {t('card.yourDelegate')}
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 0.5 }}>
              <UserAvatar user={delegation.delegate} size={32} />
              <Box>
                <Typography sx={{ fontWeight: 600 }}>
                  <Auto>{personName(delegation.delegate)}</Auto>
                </Typography>
                {since && (
                  <Typography variant="caption" color="text.secondary">
                    {t('card.since', { date: since })}
                  </Typography>
                )}
              </Box>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('card.followsTheirVote')}
            </Typography>
          </Box>
        ) : canDelegate ? (
          <Typography color="text.secondary">{t('card.noDelegate')}</Typography>
        ) : (
          <Typography color="text.secondary">{t('card.cannotDelegate')}</Typography>
        )}
        {carriedLine && <Alert severity="info">{carriedLine}</Alert>}
        {delegation && (
          <Stack direction="row" spacing={1}>
            {canDelegate && (
              <Button variant="outlined" size="small" onClick={() => setChanging((open) => !open)} aria-expanded={changing}>
                {t('card.change')}
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
                    toast({ title: t('card.cancelled'), description: t('card.cancelledDescription') });
                  },
                  onError: (error) => toastCommandError(error, t('card.cancelFailed')),
                })
              }
            >
              {cancel.isPending ? t('card.cancelling') : t('card.cancel')}
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
                chooseLabel={t('card.delegate')}
                choosing={create.isPending}
                onChoose={(delegate) => delegateTo(delegate.id)}
              />
            )}
            <DelegateByIdForm onDelegate={delegateTo} pending={create.isPending} />
          </Stack>
        )}
        <Divider />
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('card.yourUserId')}{' '}
          <Ltr>
            <Box component="code" sx={{ fontFamily: 'monospace', userSelect: 'all' }}>
              {userId}
            </Box>
          </Ltr>
        </Typography>
      </Stack>
    );
  }

  return (
    <SectionCard title={t('card.title')} icon={<AccountTreeIcon color="primary" aria-hidden />}>
      {body}
    </SectionCard>
  );
}
