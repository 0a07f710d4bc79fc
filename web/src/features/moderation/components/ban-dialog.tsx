import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { BAN_REASON_REQUIRED } from '@civitas/events/moderation/ban.contract';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { AdminMemberView } from '../api/admin-members';
import { useChangeBan } from '../api/ban-member';
import { ModerationReasonField } from './moderation-reason-field';

export interface BanRequest {
  member: AdminMemberView;
  action: 'ban' | 'unban';
}

function BanForm({ request, titleId, onClose }: { request: BanRequest; titleId: string; onClose: () => void }) {
  const { member, action } = request;
  const [reason, setReason] = useState('');
  const change = useChangeBan();
  const banning = action === 'ban';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's rule, said before anything is sent.
    if (banning && !reason.trim()) {
      toast({ title: 'Reason Required', description: BAN_REASON_REQUIRED, variant: 'destructive' });
      return;
    }
    change.mutate({ userId: member.id, action, reason }, {
      onSuccess: () => {
        toast({
          title: banning ? 'Member Banned' : 'Ban Lifted',
          description: banning ? `${member.name} is signed out and cannot sign in or act until the ban is lifted.` : `${member.name} may sign in again.`,
        });
        onClose();
      },
      onError: (error) => toastCommandError(error, 'Error', banning ? 'Failed to ban member' : 'Failed to lift ban'),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {banning
            ? `${member.name} (${member.email}) will be signed out everywhere at once and cannot sign in, post, vote or change anything until the ban is lifted; they can still read public pages. They are told the reason.`
            : `${member.name} (${member.email}) will be able to sign in and take part again.`}
        </DialogContentText>
        <ModerationReasonField value={reason} onChange={setReason} required={banning} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>Cancel</Button>
        <Button type="submit" variant="contained" color={banning ? 'error' : 'primary'} disabled={change.isPending}>
          {change.isPending ? 'Saving...' : banning ? 'Ban Member' : 'Lift Ban'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Ban a member with a reason (required), or lift a ban (reason optional). */
export function BanDialog({ request, onClose }: { request: BanRequest | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={request !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{request?.action === 'unban' ? 'Lift Ban' : 'Ban Member'}</DialogTitle>
      {request && <BanForm key={`${request.member.id}-${request.action}`} request={request} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
