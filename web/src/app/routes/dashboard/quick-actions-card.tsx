import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import GroupIcon from '@mui/icons-material/Group';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { ownGroupId, type Group } from '../../../lib/api/group';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { InviteFamilyDialog } from '../../../features/invitations/components/invite-family-dialog';
import { ManageFriendsDialog } from '../../../features/invitations/components/manage-friends-dialog';
import { CreateTopicDialog } from '../../../features/topics/components/create-topic-dialog';
import { FindDelegatesDialog } from '../../../features/delegation/components/find-delegates-dialog';
import { JoinElectionDialog } from '../../../features/elections/components/join-election-dialog';
import { ReportDialog } from '../../../features/moderation/components/report-dialog';
import { SuggestionDialog } from '../../../features/moderation/components/suggestion-dialog';

/** The dialogs Quick Actions open. */
export type QuickAction = 'topic' | 'family' | 'friends' | 'election' | 'delegates' | 'report' | 'suggestion';

interface QuickActionsCardProps {
  user: AuthUser;
  groups: Group[];
  onOpen: (action: QuickAction) => void;
}

interface QuickActionDialogsProps {
  user: AuthUser;
  groups: Group[];
  open: QuickAction | null;
  onClose: () => void;
}

/**
 * Quick Actions. Join Election lists the leadership elections of the groups the member takes
 * part in; Find Delegate opens the find-and-manage-delegates dialog. Invite Family and Manage
 * Friends open the dialogs for the member's own groups; Submit Report and Share Suggestion the
 * report and suggestion dialogs.
 */
export function QuickActionsCard({ user, groups, onOpen: setDialog }: QuickActionsCardProps) {
  const { t } = useTranslation('dashboard');
  const topicGroups = useMemo(() => groups.filter((group) => group.canParticipate), [groups]);
  const familyGroupId = ownGroupId(groups, user.id, 'family');
  const friendsGroupId = ownGroupId(groups, user.id, 'friends');
  return (
    <SectionCard title={t('quickActions.title')}>
      <Button variant="contained" startIcon={<AddIcon aria-hidden />} fullWidth disabled={topicGroups.length === 0} onClick={() => setDialog('topic')}>
        {t('quickActions.createTopic')}
      </Button>
      {topicGroups.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('quickActions.noTopicGroup')}
        </Typography>
      )}
      {/*
        Below the sidebar's width the buttons share rows (seven full-width ones take half a phone's
        screen); a label never wraps, so a row that cannot hold two breaks between buttons instead.
      */}
      <Box
        sx={{
          mt: 2,
          gap: 1,
          display: { xs: 'flex', md: 'grid' },
          flexWrap: 'wrap',
          gridTemplateColumns: '1fr',
          '& > .MuiButton-root': { flex: { xs: '1 1 40%' }, minWidth: 'max-content' },
        }}
      >
        <Button variant="outlined" startIcon={<HowToVoteIcon aria-hidden />} fullWidth onClick={() => setDialog('election')}>
          {t('quickActions.joinElection')}
        </Button>
        <Button variant="outlined" startIcon={<AccountTreeIcon aria-hidden />} fullWidth onClick={() => setDialog('delegates')}>
          {t('quickActions.findDelegate')}
        </Button>
        {familyGroupId !== undefined && (
          <Button variant="outlined" startIcon={<PersonAddIcon aria-hidden />} fullWidth onClick={() => setDialog('family')}>
            {t('quickActions.inviteFamily')}
          </Button>
        )}
        {friendsGroupId !== undefined && (
          <Button variant="outlined" startIcon={<GroupIcon aria-hidden />} fullWidth onClick={() => setDialog('friends')}>
            {t('quickActions.manageFriends')}
          </Button>
        )}
        <Button variant="outlined" startIcon={<FlagOutlinedIcon aria-hidden />} fullWidth onClick={() => setDialog('report')}>
          {t('quickActions.submitReport')}
        </Button>
        <Button variant="outlined" startIcon={<LightbulbOutlinedIcon aria-hidden />} fullWidth onClick={() => setDialog('suggestion')}>
          {t('quickActions.shareSuggestion')}
        </Button>
      </Box>
    </SectionCard>
  );
}

/**
 * The dialogs Quick Actions open, kept apart from the card: the card moves between the phone's and
 * the wide layout when the width crosses a breakpoint (a turned tablet, a full-page capture), and a
 * dialog, its draft with it, must not close when it does.
 */
export function QuickActionDialogs({ user, groups, open, onClose }: QuickActionDialogsProps) {
  // A topic can only go where the member may take part.
  const topicGroups = useMemo(() => groups.filter((group) => group.canParticipate), [groups]);
  const familyGroupId = ownGroupId(groups, user.id, 'family');
  const friendsGroupId = ownGroupId(groups, user.id, 'friends');
  return (
    <>
      {familyGroupId !== undefined && <InviteFamilyDialog open={open === 'family'} onClose={onClose} groupId={familyGroupId} />}
      {friendsGroupId !== undefined && <ManageFriendsDialog open={open === 'friends'} onClose={onClose} groupId={friendsGroupId} />}
      <JoinElectionDialog open={open === 'election'} onClose={onClose} groups={groups} />
      <FindDelegatesDialog open={open === 'delegates'} onClose={onClose} groups={groups} userId={user.id} />
      <ReportDialog open={open === 'report'} onClose={onClose} />
      <SuggestionDialog open={open === 'suggestion'} onClose={onClose} />
      <CreateTopicDialog open={open === 'topic'} onClose={onClose} groups={topicGroups} member={user} />
    </>
  );
}
