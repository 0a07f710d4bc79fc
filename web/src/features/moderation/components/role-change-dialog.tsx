import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { AdminMemberView } from '../api/admin-members';
import { useChangeRole, type Role } from '../api/change-role';
import { translatedLabels } from './feedback-labels';
import { ModerationReasonField } from './moderation-reason-field';

export interface RoleChangeRequest {
  member: AdminMemberView;
  role: Role;
  action: 'grant' | 'revoke';
}

export const ROLE_LABELS = translatedLabels<Role>('roles', { admin: 'admin', auditor: 'auditor' });

function RoleChangeForm({ request, titleId, onClose }: { request: RoleChangeRequest; titleId: string; onClose: () => void }) {
  const { member, role, action } = request;
  const { t } = useTranslation('moderation');
  const [reason, setReason] = useState('');
  const change = useChangeRole();
  const granting = action === 'grant';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { userId: member.id, role, action, reason },
      {
        onSuccess: () => {
          toast({
            title: granting ? t('roleChange.grantedTitle') : t('roleChange.revokedTitle'),
            description: granting ? t(`roleChange.granted.${role}`, { name: member.name }) : t(`roleChange.revoked.${role}`, { name: member.name }),
          });
          onClose();
        },
        onError: (error) => toastCommandError(error, t('common.errorTitle'), t('roleChange.failed')),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t(granting ? 'roleChange.willBeAble' : 'roleChange.willNoLonger', {
            name: member.name,
            email: member.email,
            powers: t(`roleChange.powers.${role}`),
          })}
          {t('roleChange.recorded')}
        </DialogContentText>
        <ModerationReasonField value={reason} onChange={setReason} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={granting ? 'primary' : 'error'} disabled={change.isPending}>
          {change.isPending ? t('common.saving') : t(granting ? 'roleChange.grant' : 'roleChange.revoke', { role: ROLE_LABELS[role] })}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Grant or revoke the admin or auditor role, with an optional reason. */
export function RoleChangeDialog({ request, onClose }: { request: RoleChangeRequest | null; onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  return (
    <Dialog open={request !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {request
          ? t(request.action === 'grant' ? 'roleChange.titleGrant' : 'roleChange.titleRevoke', { role: ROLE_LABELS[request.role] })
          : t('roleChange.title')}
      </DialogTitle>
      {request && <RoleChangeForm key={`${request.member.id}-${request.role}-${request.action}`} request={request} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
