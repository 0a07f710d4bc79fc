import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { Group } from '../../../lib/api/group';
import { useAssignDelegate } from '../api/assign-delegate';
import { useUserDelegations } from '../api/get-user-delegations';
import { DelegateSearch } from './delegate-search';
import { DelegationsList } from './delegations-list';
import { delegationGroupChoices } from './delegation-groups';

interface FindDelegatesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Every group the member can see (GET /api/groups); the dialog keeps National, International and Alliance. */
  groups: Group[];
  userId: string;
}

function FindDelegatesContent({ groups, userId }: Pick<FindDelegatesDialogProps, 'groups' | 'userId'>) {
  const { t } = useTranslation('delegation');
  const headingId = useId();
  const assign = useAssignDelegate();
  const delegations = useUserDelegations();
  const currentDelegateIdIn = (groupId: number) =>
    delegations.data?.find((delegation) => delegation.isActive && delegation.groupId === groupId)?.delegateId ?? null;
  return (
    <Stack spacing={3}>
      <DialogContentText>{t('dialog.intro')}</DialogContentText>
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} component="h3" variant="h3" sx={{ mb: 1.5 }}>
          {t('dialog.findHeading')}
        </Typography>
        {delegationGroupChoices(groups).length === 0 ? (
          <Typography color="text.secondary">{t('dialog.noGroups')}</Typography>
        ) : (
          <DelegateSearch
            group={{ choices: groups }}
            selfId={userId}
            currentDelegateIdIn={currentDelegateIdIn}
            chooseLabel={t('dialog.delegate')}
            choosing={assign.isPending}
            onChoose={(delegate, groupId) =>
              assign.mutate(
                { delegateId: delegate.id, groupId },
                {
                  onSuccess: () => toast({ title: t('dialog.delegated') }),
                  onError: (error) => toastCommandError(error, t('dialog.delegateFailed')),
                },
              )
            }
          />
        )}
      </Box>
      <Divider />
      <DelegationsList />
    </Stack>
  );
}

/** Find and manage delegates (docs/product.md, Screens): search by name within a group, assign, and remove. */
export function FindDelegatesDialog({ open, onClose, groups, userId }: FindDelegatesDialogProps) {
  const { t } = useTranslation(['delegation', 'common']);
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('dialog.title')}</DialogTitle>
      {/* Mounted only while open: the list is read when the member looks, the search starts empty. */}
      {open && (
        <DialogContent>
          <FindDelegatesContent groups={groups} userId={userId} />
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
