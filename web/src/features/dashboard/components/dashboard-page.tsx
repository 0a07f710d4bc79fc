import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { useGroups } from '../../groups/api/get-groups';
import { GroupsCatalogue } from '../../groups/components/groups-catalogue';
import type { AuthUser } from '../../identity/api/get-current-user';
import { ProfileSummaryCard } from './profile-summary-card';
import { WelcomeCard } from './welcome-card';

/** The signed-in home page at /. */
export function DashboardPage({ user }: { user: AuthUser }) {
  const groups = useGroups();

  if (groups.isPending) return <FullPageSpinner label="Loading platform..." />;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
        // On phones the profile summary comes before the long catalogue, not after it.
        gridTemplateAreas: { xs: '"welcome" "profile" "groups"', md: '"welcome profile" "groups profile"' },
      }}
    >
      <Box sx={{ gridArea: 'welcome' }}>
        <WelcomeCard user={user} />
      </Box>
      <Box sx={{ gridArea: 'profile', alignSelf: 'start', position: { md: 'sticky' }, top: { md: 88 } }}>
        <ProfileSummaryCard user={user} />
      </Box>
      <Box sx={{ gridArea: 'groups', minWidth: 0 }}>
        {groups.isError ? (
          <Alert severity="error">
            <AlertTitle>Could not load groups</AlertTitle>
            {groups.error.message}
          </Alert>
        ) : (
          <GroupsCatalogue groups={groups.data} />
        )}
      </Box>
    </Box>
  );
}
