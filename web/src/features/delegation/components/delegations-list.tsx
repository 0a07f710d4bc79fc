import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { PersonRow } from '../../../components/person-row';
import { toastCommandError } from '../../../lib/command-error-toast';
import { formatDisplayDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast-store';
import { displayName } from '../../../lib/user-display';
import { useUserDelegations, type DelegationView } from '../api/get-user-delegations';
import { useRemoveDelegation } from '../api/remove-delegation';

function DelegationRow({ delegation, removing, onRemove }: { delegation: DelegationView; removing: boolean; onRemove: () => void }) {
  const name = displayName(delegation.delegate);
  const since = formatDisplayDate(delegation.createdAt);
  return (
    <PersonRow label={`${delegation.group.name}: ${name}`} name={name} detail={`${delegation.group.name}${since ? ` · since ${since}` : ''}`}>
      {delegation.isActive ? (
        <Button size="small" color="error" disabled={removing} onClick={onRemove} aria-label={`Remove delegation to ${name} in ${delegation.group.name}`}>
          Remove
        </Button>
      ) : (
        <Chip label="Ended" size="small" variant="outlined" />
      )}
    </PersonRow>
  );
}

/** The member's delegations with Remove (spec section 2: find and manage delegates). */
export function DelegationsList() {
  const headingId = useId();
  const delegations = useUserDelegations();
  const remove = useRemoveDelegation();

  let body;
  if (delegations.isPending) {
    body = <Typography color="text.secondary">Loading your delegations...</Typography>;
  } else if (delegations.isError) {
    body = <Alert severity="error">Could not load your delegations: {delegations.error.message}</Alert>;
  } else {
    // Ended delegations are history; the current one in each group comes first.
    const rows = [...delegations.data].sort((a, b) => Number(b.isActive) - Number(a.isActive));
    body =
      rows.length === 0 ? (
        <Typography color="text.secondary">You have not delegated your vote in any group.</Typography>
      ) : (
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((delegation) => (
            <DelegationRow
              key={delegation.id}
              delegation={delegation}
              removing={remove.isPending}
              onRemove={() =>
                remove.mutate(delegation.id, {
                  onSuccess: () => toast({ title: 'Delegation removed successfully!' }),
                  onError: (error) => toastCommandError(error, 'Failed to remove delegation'),
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
        Your Delegations
      </Typography>
      {body}
    </Box>
  );
}
