import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import GroupIcon from '@mui/icons-material/Group';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../lib/api/group';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { BusinessGroupCard } from './business-group-card';
import { InviteFamilyDialog } from './invite-family-dialog';
import { ManageFriendsDialog } from './manage-friends-dialog';
import { SectionCard } from '../../../components/section-card';

interface ActionCardProps {
  title: string;
  text: string;
  icon: ReactNode;
  renderDialog: (open: boolean, onClose: () => void) => ReactNode;
}

/** A short explanation and one button that opens the group's dialog; the button says what the card says. */
function ActionCard({ title, text, icon, renderDialog }: ActionCardProps) {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title={title} titleGap={1}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      <Button variant="contained" startIcon={icon} onClick={() => setOpen(true)}>
        {title}
      </Button>
      {renderDialog(open, () => setOpen(false))}
    </SectionCard>
  );
}

/**
 * docs/product.md, Screens: the invite/manage cards on a personal group's page. Only the owner invites
 * and manages (the server answers others 403), so members see none.
 */
export function PersonalGroupManagement({ group, user }: { group: Group; user: AuthUser }) {
  const { t } = useTranslation('invitations');
  if (group.ownerId !== user.id) return null;
  switch (group.department) {
    case 'family':
      return (
        <ActionCard
          title={t('dialogs.inviteFamily')}
          text={t('management.inviteFamilyText')}
          icon={<PersonAddIcon aria-hidden />}
          renderDialog={(open, onClose) => <InviteFamilyDialog open={open} onClose={onClose} groupId={group.id} />}
        />
      );
    case 'friends':
      return (
        <ActionCard
          title={t('dialogs.manageFriends')}
          text={t('management.manageFriendsText')}
          icon={<GroupIcon aria-hidden />}
          renderDialog={(open, onClose) => <ManageFriendsDialog open={open} onClose={onClose} groupId={group.id} />}
        />
      );
    case 'business':
      return <BusinessGroupCard groupId={group.id} isSubscribed={user.isSubscribed} />;
    default:
      return null;
  }
}
