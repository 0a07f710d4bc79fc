import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { INVITATION_VALIDITY_DAYS, RECENT_INVITATIONS_SHOWN } from '@civitas/events/invitations/invitation.contract';
import { InviteByEmailForm } from './invite-by-email-form';
import { SentInvitationsList } from './sent-invitations-list';

interface PersonalInvitationsDialogProps {
  open: boolean;
  onClose: () => void;
  kind: 'family' | 'friends';
  /** The member's own group of that kind. */
  groupId: number;
  title: string;
  emailLabel: string;
  /** More below the invitations (the friends list). */
  children?: ReactNode;
}

/** docs/product.md, Screens: the e-mail invitation form and the first 5 invitations with their states. */
export function PersonalInvitationsDialog({ open, onClose, kind, groupId, title, emailLabel, children }: PersonalInvitationsDialogProps) {
  const { t } = useTranslation(['invitations', 'common']);
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Mounted only while open: the lists are read when the owner looks, the form starts empty. */}
      {open && (
        <DialogContent>
          <Stack spacing={3}>
            <DialogContentText>{t(kind === 'family' ? 'dialogs.familyIntro' : 'dialogs.friendsIntro', { count: INVITATION_VALIDITY_DAYS })}</DialogContentText>
            <InviteByEmailForm kind={kind} groupId={groupId} label={emailLabel} />
            <SentInvitationsList kind={kind} groupId={groupId} title={t('sent.recent')} limit={RECENT_INVITATIONS_SHOWN} />
            {children}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
