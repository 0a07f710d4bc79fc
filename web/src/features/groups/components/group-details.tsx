import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { useCurrentUser } from '../../identity/api/get-current-user';
import { PersonalGroupManagement } from '../../invitations/components/group-management-card';
import { useGroup } from '../api/get-group';
import { GroupAccessBanner } from './group-access-banner';
import { GroupHeader } from './group-header';
import { GroupNotFound } from './group-not-found';
import { GroupOverviewPanel } from './group-overview-panel';
import { GroupStatsCard } from './group-stats-card';
import { GroupTabBar } from './group-tab-bar';
import { GroupTopicsSection } from './group-topics-section';
import { ParticipationRequirementsCard } from './participation-requirements-card';
import { errorStatus } from '../../../lib/server-message';

function GroupContent({ groupId }: { groupId: number }) {
  const group = useGroup(groupId);
  const { user } = useCurrentUser();

  if (group.isPending) return <FullPageSpinner label="Loading group..." />;
  if (group.isError) {
    // The error rule puts the status first: a 404 means there is no such group (for this member).
    if (errorStatus(group.error) === 404) return <GroupNotFound />;
    return <Alert severity="error">{group.error.message}</Alert>;
  }
  // A members' page: the routes only render it with a member signed in.
  if (!user) return null;

  const data = group.data;
  const isNational = data.department === 'national';
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
      }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <GroupHeader group={data} isSubscribed={user.isSubscribed} />
        <GroupAccessBanner group={data} user={user} />
        <PersonalGroupManagement group={data} user={user} />
        {(isNational || data.department === 'international') && <GroupOverviewPanel group={data} />}
        <GroupTopicsSection group={data} isSubscribed={user.isSubscribed} />
      </Stack>
      <Stack component="aside" aria-label="About this group" spacing={3} sx={{ alignSelf: 'start' }}>
        <GroupStatsCard groupId={data.id} />
        {isNational && <ParticipationRequirementsCard group={data} isSubscribed={user.isSubscribed} />}
      </Stack>
    </Box>
  );
}

/** /group/<id> for a valid id: the tab bar over the group itself. */
export function GroupDetails({ groupId }: { groupId: number }) {
  return (
    <Stack spacing={3}>
      <GroupTabBar currentGroupId={groupId} />
      {/* Keyed: another group starts afresh (dialogs closed), while the tab strip keeps its scroll. */}
      <GroupContent key={groupId} groupId={groupId} />
    </Stack>
  );
}
