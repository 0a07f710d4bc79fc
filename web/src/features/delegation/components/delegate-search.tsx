import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import { toastCommandError } from '../../../lib/command-error-toast';
import { fieldErrors, withoutError, type FieldErrors } from '../../../lib/field-errors';
import { toast } from '../../../lib/toast-store';
import type { Group } from '../../../lib/api/group';
import { PersonRow } from '../../../components/person-row';
import { DelegateSearchBody, useSearchDelegates, type DelegateSearchResult } from '../api/search-delegates';
import { delegationGroupChoices } from './delegation-groups';
import { Ltr } from '../../../components/bidi';

type SearchField = 'username' | 'groupId';

interface DelegateSearchProps {
  /**
   * The groups to pick from (the dialog: those of them where delegates can be searched and the
   * member takes part), or one fixed group (the topic page's card): a search runs within one group.
   */
  group: { choices: Group[] } | { fixedId: number };
  /** The signed-in member: marked "(you)" in the results, never offered (no self-delegation). */
  selfId: string;
  /** The member's current delegate in the searched group, marked in the results. */
  currentDelegateIdIn?: (groupId: number) => string | null;
  /** What choosing a result does (assign in the dialog, the delegations call on the topic page). */
  onChoose: (delegate: DelegateSearchResult, groupId: number) => void;
  choosing: boolean;
  chooseLabel: string;
}

/** Search by name within a group (the checks of docs/product.md, Rules, first), then choose someone from the results. */
export function DelegateSearch({ group, selfId, currentDelegateIdIn, onChoose, choosing, chooseLabel }: DelegateSearchProps) {
  const { t } = useTranslation('delegation');
  const [username, setUsername] = useState('');
  const [groupId, setGroupId] = useState<string>('fixedId' in group ? String(group.fixedId) : '');
  const [errors, setErrors] = useState<FieldErrors<SearchField>>({});
  // The group the shown results belong to: choosing one delegates in that group, even if the picker moved since.
  const [results, setResults] = useState<{ groupId: number; delegates: DelegateSearchResult[] } | null>(null);
  const search = useSearchDelegates();
  const choices = 'choices' in group ? delegationGroupChoices(group.choices) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's own rule: 'Please enter a name', 'Please select a group', as the server says them.
    // The picker holds the id as text; the contract takes a JSON number only (docs/decisions.md, Ids and numbers).
    const parsed = DelegateSearchBody.safeParse({ username, groupId: groupId === '' ? undefined : Number(groupId) });
    if (!parsed.success) {
      setErrors(fieldErrors<SearchField>(parsed.error));
      return;
    }
    setErrors({});
    search.mutate(parsed.data, {
      onSuccess: (delegates) => {
        setResults({ groupId: parsed.data.groupId, delegates });
        if (delegates.length === 0) toast({ title: t('search.noResults'), description: t('search.noResultsDescription') });
      },
      onError: (error) => toastCommandError(error, t('search.failed')),
    });
  };

  const currentDelegateId = results ? (currentDelegateIdIn?.(results.groupId) ?? null) : null;
  return (
    <Stack spacing={2}>
      <Stack component="form" role="search" aria-label={t('search.form')} noValidate onSubmit={submit} spacing={1.5}>
        {choices && (
          <TextField
            select
            label={t('search.group')}
            value={groupId}
            onChange={(event) => {
              setGroupId(event.target.value);
              setErrors((current) => withoutError(current, 'groupId'));
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            error={errors.groupId !== undefined}
            helperText={errors.groupId ?? t('search.groupHint')}
            fullWidth
          >
            <option value="">{t('search.selectGroup')}</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id} dir="auto">
                {choice.name}
              </option>
            ))}
          </TextField>
        )}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={t('search.name')}
            name="username"
            size="small"
            autoComplete="off"
            value={username}
            onChange={(event) => {
              setUsername(event.target.value);
              setErrors((current) => withoutError(current, 'username'));
            }}
            error={errors.username !== undefined}
            helperText={errors.username ?? t('search.nameHint')}
            fullWidth
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon aria-hidden />} disabled={search.isPending} sx={{ flexShrink: 0, height: 40 }}>
            {search.isPending ? t('search.searching') : t('search.search')}
          </Button>
        </Box>
      </Stack>
      {results && results.delegates.length > 0 && (
        <Box component="ul" aria-label={t('search.results')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {results.delegates.map((delegate) => {
            const isSelf = delegate.id === selfId;
            const isCurrent = delegate.id === currentDelegateId;
            return (
              <PersonRow
                key={delegate.id}
                name={isSelf ? t('search.you', { name: personName(delegate) }) : personName(delegate)}
                detail={delegate.email && <Ltr>{delegate.email}</Ltr>}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {delegate.isVerified && <Chip label={t('search.verified')} size="small" color="success" variant="outlined" />}
                  {isCurrent ? (
                    <Chip label={t('search.yourDelegate')} size="small" color="primary" />
                  ) : (
                    !isSelf && (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={choosing}
                        onClick={() => onChoose(delegate, results.groupId)}
                        aria-label={t('search.choose', { action: chooseLabel, name: personName(delegate) })}
                      >
                        {chooseLabel}
                      </Button>
                    )
                  )}
                </Stack>
              </PersonRow>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
