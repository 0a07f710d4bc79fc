import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
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
import type { DelegateSearchResult } from '../api/search-delegates';
import { DelegateSearch } from './delegate-search';
import { Auto } from '../../../components/bidi';

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
  /** The signed-in member: never offered as their own delegate. */
  userId: string;
  /** Whether the member takes part in the group: only then do they have a vote to lend (an old delegation can still be cancelled). */
  canDelegate: boolean;
}

/**
 * The delegation form of docs/product.md, Rules, by name (docs/decisions.md, Delegation by name): the
 * member searches the group, chooses someone, and Delegate sends the chosen member's id in POST
 * /api/delegations {delegateId, groupId}. Nobody chosen yet: the spec's 'Please enter a user ID to delegate to.'.
 */
function DelegateByNameForm({
  groupId,
  selfId,
  currentDelegateId,
  onDelegate,
  pending,
}: {
  groupId: number;
  selfId: string;
  currentDelegateId: string | null;
  onDelegate: (delegateId: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('delegation');
  const [chosen, setChosen] = useState<DelegateSearchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      // The contract's DELEGATE_ID_REQUIRED, in the interface language.
      setError(t('form.required'));
      return;
    }
    setError(null);
    onDelegate(chosen.id);
  };
  return (
    <Stack spacing={2}>
      <DelegateSearch
        group={{ fixedId: groupId }}
        selfId={selfId}
        currentDelegateIdIn={() => currentDelegateId}
        chooseLabel={t('form.choose')}
        choosing={pending}
        onChoose={(delegate) => {
          setChosen(delegate);
          setError(null);
        }}
      />
      <Stack component="form" aria-label={t('form.label')} noValidate onSubmit={submit} spacing={1}>
        <Typography variant="body2" color={chosen ? 'text.primary' : 'text.secondary'} role="status">
          {chosen ? (
            <>
              {t('form.chosen')} <Auto>{personName(chosen)}</Auto>
            </>
          ) : (
            t('form.none')
          )}
        </Typography>
        {error && (
          <Typography variant="body2" color="error" role="alert">
            {error}
          </Typography>
        )}
        <Button type="submit" variant="outlined" disabled={pending} sx={{ alignSelf: 'flex-end' }}>
          {t('card.delegate')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The topic page's vote delegation card: the member's delegate in the topic's group, change and cancel, and the weight they carry. */
export function VoteDelegationCard({ groupId, userId, canDelegate }: VoteDelegationCardProps) {
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
          <DelegateByNameForm
            groupId={groupId}
            selfId={userId}
            currentDelegateId={delegation?.delegateId ?? null}
            onDelegate={delegateTo}
            pending={create.isPending}
          />
        )}
      </Stack>
    );
  }

  return (
    <SectionCard title={t('card.title')} icon={<AccountTreeIcon color="primary" aria-hidden />}>
      {body}
    </SectionCard>
  );
}
