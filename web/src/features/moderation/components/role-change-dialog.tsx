import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { AdminMemberView } from '../api/admin-members';
import { useChangeRole, type Role } from '../api/change-role';
import { ModerationReasonField } from './moderation-reason-field';

export interface RoleChangeRequest {
  member: AdminMemberView;
  role: Role;
  action: 'grant' | 'revoke';
}

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', auditor: 'Auditor' };
/** What a role lets its holder do, so the admin knows what they give or take. */
const ROLE_POWERS: Record<Role, string> = {
  admin: 'review verifications, reports and suggestions, grant and revoke roles, and ban members',
  auditor: 'read the audit trail of every decision',
};

function RoleChangeForm({ request, titleId, onClose }: { request: RoleChangeRequest; titleId: string; onClose: () => void }) {
  const { member, role, action } = request;
  const [reason, setReason] = useState('');
  const change = useChangeRole();
  const granting = action === 'grant';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ userId: member.id, role, action, reason }, {
      onSuccess: () => {
        toast({
          title: granting ? 'Role Granted' : 'Role Revoked',
          description: granting ? `${member.name} is now ${role === 'admin' ? 'an admin' : 'an auditor'}.` : `${member.name} is no longer ${role === 'admin' ? 'an admin' : 'an auditor'}.`,
        });
        onClose();
      },
      onError: (error) => toastCommandError(error, 'Error', 'Failed to update the role'),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {granting ? `${member.name} (${member.email}) will be able to ${ROLE_POWERS[role]}.` : `${member.name} (${member.email}) will no longer be able to ${ROLE_POWERS[role]}.`}
          {' The change is recorded in the audit trail with your name and reason.'}
        </DialogContentText>
        <ModerationReasonField value={reason} onChange={setReason} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>Cancel</Button>
        <Button type="submit" variant="contained" color={granting ? 'primary' : 'error'} disabled={change.isPending}>
          {change.isPending ? 'Saving...' : granting ? `Grant ${ROLE_LABELS[role]}` : `Revoke ${ROLE_LABELS[role]}`}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Grant or revoke the admin or auditor role, with an optional reason. */
export function RoleChangeDialog({ request, onClose }: { request: RoleChangeRequest | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={request !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{request ? `${request.action === 'grant' ? 'Grant' : 'Revoke'} ${ROLE_LABELS[request.role]} Role` : 'Change Role'}</DialogTitle>
      {request && <RoleChangeForm key={`${request.member.id}-${request.role}-${request.action}`} request={request} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
