import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('moderation');
  const [reason, setReason] = useState('');
  const change = useChangeBan();
  const banning = action === 'ban';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's rule, said before anything is sent.
    if (banning && !reason.trim()) {
      toast({ title: t('ban.reasonRequired'), description: BAN_REASON_REQUIRED, variant: 'destructive' });
      return;
    }
    change.mutate(
      { userId: member.id, action, reason },
      {
        onSuccess: () => {
          toast({
            title: banning ? t('ban.bannedTitle') : t('ban.liftedTitle'),
            description: banning ? t('ban.banned', { name: member.name }) : t('ban.lifted', { name: member.name }),
          });
          onClose();
        },
        onError: (error) => toastCommandError(error, t('common.errorTitle'), banning ? t('ban.banFailed') : t('ban.liftFailed')),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t(banning ? 'ban.banText' : 'ban.liftText', { name: member.name, email: member.email })}</DialogContentText>
        <ModerationReasonField value={reason} onChange={setReason} required={banning} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={banning ? 'error' : 'primary'} disabled={change.isPending}>
          {change.isPending ? t('common.saving') : banning ? t('ban.banButton') : t('ban.liftButton')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Ban a member with a reason (required), or lift a ban (reason optional). */
export function BanDialog({ request, onClose }: { request: BanRequest | null; onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  return (
    <Dialog open={request !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{request?.action === 'unban' ? t('ban.titleLift') : t('ban.titleBan')}</DialogTitle>
      {request && <BanForm key={`${request.member.id}-${request.action}`} request={request} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
