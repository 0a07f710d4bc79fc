import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { SidebarLayout } from '../../../components/sidebar-layout';
import { useGroups } from '../../../lib/api/get-groups';
import { leadsAnyGroup, useUserGroups } from '../../../lib/api/get-user-groups';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { verifiedCountries } from '../../../lib/verified-countries';
import { GroupsCatalogue } from '../../../features/groups/components/groups-catalogue';
import { EmailVerificationBanner } from '../../../features/identity/components/email-verification-banner';
import { IdentityCard } from '../../../features/verification/components/identity-card';
import { PlatformStatsCard } from '../../../features/dashboard/components/platform-stats-card';
import { PremiumActiveCard } from '../../../features/subscriptions/components/premium-active-card';
import { ProfileSummaryCard } from '../../../features/dashboard/components/profile-summary-card';
import { UpgradeCard } from '../../../features/subscriptions/components/upgrade-card';
import { WelcomeCard } from '../../../features/dashboard/components/welcome-card';
import { QuickActionDialogs, QuickActionsCard, type QuickAction } from './quick-actions-card';
import { useDashboardLiveUpdates } from './use-dashboard-live-updates';
import { QueryErrorAlert } from '../../../components/query-error';

/** The signed-in home page at /. */
export function DashboardPage({ user }: { user: AuthUser }) {
  const { t } = useTranslation('dashboard');
  const groups = useGroups();
  const memberships = useUserGroups();
  const countries = useMemo(() => verifiedCountries(user), [user]);
  useDashboardLiveUpdates();
  // One column below md: there the next steps and Quick Actions come before the long group lists
  // (issue #32), in the page's order as well as on screen; wide, Quick Actions stay in the sidebar.
  const oneColumn = useMediaQuery(useTheme().breakpoints.down('md'));
  // Its Create New Topic needs the groups: held back while they load rather than shown as impossible.
  const [action, setAction] = useState<QuickAction | null>(null);
  const quickActions = !groups.isPending && <QuickActionsCard user={user} groups={groups.data ?? []} onOpen={setAction} />;

  return (
    <SidebarLayout areas={{ xs: '"welcome" "actions" "groups" "sidebar"', md: '"welcome sidebar" "groups sidebar"' }}>
      <Stack spacing={3} sx={{ gridArea: 'welcome' }}>
        {!user.emailVerified && <EmailVerificationBanner user={user} />}
        <WelcomeCard user={user} />
        <IdentityCard user={user} />
      </Stack>
      {oneColumn && quickActions && <Box sx={{ gridArea: 'actions', minWidth: 0 }}>{quickActions}</Box>}
      {/* The page's order is the phone's: the groups, then the sidebar's cards. */}
      <Box component="section" aria-label={t('page.groups')} sx={{ gridArea: 'groups', minWidth: 0 }}>
        {/* The member's own cards show at once; only the groups wait for the catalogue. */}
        {groups.isPending ? (
          <FullPageSpinner label={t('page.loadingPlatform')} />
        ) : groups.isError ? (
          <QueryErrorAlert title={t('page.groupsError')} error={groups.error} onRetry={() => void groups.refetch()} />
        ) : (
          <GroupsCatalogue groups={groups.data} verifiedCountries={countries} />
        )}
      </Box>
      {/* Not sticky: with all its cards it is taller than a laptop screen. */}
      <Stack spacing={3} sx={{ gridArea: 'sidebar', alignSelf: 'start' }}>
        <ProfileSummaryCard user={user} isLeader={memberships.data ? leadsAnyGroup(memberships.data) : false} />
        {/* docs/product.md, Screens: Dashboard. The upgrade card until subscribed, then the premium-active card. */}
        {user.isSubscribed ? <PremiumActiveCard user={user} /> : <UpgradeCard />}
        <PlatformStatsCard />
        {!oneColumn && quickActions}
      </Stack>
      {!groups.isPending && <QuickActionDialogs user={user} groups={groups.data ?? []} open={action} onClose={() => setAction(null)} />}
    </SidebarLayout>
  );
}
