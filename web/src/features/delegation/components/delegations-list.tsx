import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import { PersonRow } from '../../../components/person-row';
import { toastCommandError } from '../../../lib/command-error-toast';
import { formatDisplayDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast-store';
import { useUserDelegations, type DelegationView } from '../api/get-user-delegations';
import { useRemoveDelegation } from '../api/remove-delegation';

function DelegationRow({ delegation, removing, onRemove }: { delegation: DelegationView; removing: boolean; onRemove: () => void }) {
  const { t } = useTranslation('delegation');
  const name = personName(delegation.delegate);
  const since = formatDisplayDate(delegation.createdAt);
  return (
    <PersonRow
      label={t('list.rowLabel', { group: delegation.group.name, name })}
      name={name}
      detail={since ? t('list.detailSince', { group: delegation.group.name, date: since }) : delegation.group.name}
    >
      {delegation.isActive ? (
        <Button size="small" color="error" disabled={removing} onClick={onRemove} aria-label={t('list.removeLabel', { name, group: delegation.group.name })}>
          {t('list.remove')}
        </Button>
      ) : (
        <Chip label={t('list.ended')} size="small" variant="outlined" />
      )}
    </PersonRow>
  );
}

/** The member's delegations with Remove (docs/product.md, Screens: find and manage delegates). */
export function DelegationsList() {
  const { t } = useTranslation('delegation');
  const headingId = useId();
  const delegations = useUserDelegations();
  const remove = useRemoveDelegation();

  let body;
  if (delegations.isPending) {
    body = <Typography color="text.secondary">{t('list.loading')}</Typography>;
  } else if (delegations.isError) {
    body = <Alert severity="error">{t('list.loadError', { message: delegations.error.message })}</Alert>;
  } else {
    // Ended delegations are history; the current one in each group comes first.
    const rows = [...delegations.data].sort((a, b) => Number(b.isActive) - Number(a.isActive));
    body =
      rows.length === 0 ? (
        <Typography color="text.secondary">{t('list.empty')}</Typography>
      ) : (
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((delegation) => (
            <DelegationRow
              key={delegation.id}
              delegation={delegation}
              removing={remove.isPending}
              onRemove={() =>
                remove.mutate(delegation.id, {
                  onSuccess: () => toast({ title: t('list.removed') }),
                  onError: (error) => toastCommandError(error, t('list.removeFailed')),
                })
              }
            />
          ))}
        </Box>
      );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h3" sx={{ mb: 1 }}>
        {t('list.heading')}
      </Typography>
      {body}
    </Box>
  );
}
