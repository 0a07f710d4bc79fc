import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import EditIcon from '@mui/icons-material/Edit';
import PublicIcon from '@mui/icons-material/Public';
import SettingsIcon from '@mui/icons-material/Settings';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { QueryFallback } from '../../../components/query-fallback';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { useUserGroups } from '../../../lib/api/get-user-groups';
import { SubscriptionTab } from '../../../features/subscriptions/components/subscription-tab';
import { NationalityManagerDialog } from '../../../features/verification/components/nationality-manager-dialog';
import { useProfile } from '../../../features/profile/api/get-profile';
import { AchievementsTab } from '../../../features/profile/components/achievements-tab';
import { ActivityTab } from '../../../features/profile/components/activity-tab';
import { DelegationsTab } from '../../../features/profile/components/delegations-tab';
import { EditProfileDialog } from '../../../features/profile/components/edit-profile-dialog';
import { GroupsTab } from '../../../features/profile/components/groups-tab';
import { ProfileHeader } from '../../../features/profile/components/profile-header';
import { ProfileStatCards } from '../../../features/profile/components/profile-stat-cards';
import { SettingsDialog } from '../../../features/profile/components/settings-dialog';
import { NotificationSettingsSection } from '../../../features/notifications/components/notification-settings-section';
import { PROFILE_PATH, PROFILE_SETTINGS_PATH } from './profile-paths';

/** docs/product.md, Screens (Profile): the five tabs, in its order. */
const TABS = ['groups', 'subscription', 'activity', 'delegations', 'achievements'] as const;
type TabValue = (typeof TABS)[number];

function GroupsPanel() {
  const { t } = useTranslation('profile');
  const memberships = useUserGroups();
  if (memberships.isPending) return <CircularProgress aria-label={t('page.loadingGroups')} />;
  if (memberships.isError) return <Alert severity="error">{t('page.groupsFailed', { message: memberships.error.message })}</Alert>;
  return <GroupsTab memberships={memberships.data} />;
}

/** /profile: the signed-in member's own profile, all from data. */
export function ProfilePage({ user }: { user: AuthUser }) {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const search = new URLSearchParams(useSearch());
  // ?tab=subscription (a 'Manage subscription' link) opens that tab first; Groups otherwise.
  const [tab, setTab] = useState<TabValue>(() => TABS.find((value) => value === search.get('tab')) ?? 'groups');
  const [editing, setEditing] = useState(false);
  const [managingNationalities, setManagingNationalities] = useState(false);
  // The header's Settings item lands here with ?settings=1 (Settings goes to /profile: docs/product.md, Screens: Header).
  const settingsOpen = search.get('settings') === '1';
  const [, navigate] = useLocation();
  const baseId = useId();
  const tabId = (value: TabValue) => `${baseId}-tab-${value}`;
  const panelId = (value: TabValue) => `${baseId}-panel-${value}`;

  if (!profile.data) return <QueryFallback query={profile} loadingLabel={t('page.loading')} notFound={null} />;

  const panels: Record<TabValue, ReactNode> = {
    groups: <GroupsPanel />,
    subscription: <SubscriptionTab user={user} />,
    activity: <ActivityTab />,
    delegations: <DelegationsTab />,
    achievements: <AchievementsTab achievements={profile.data.achievements} />,
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <ProfileHeader
        profile={profile.data}
        actions={
          <>
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              {t('page.editProfile')}
            </Button>
            <Button variant="outlined" startIcon={<SettingsIcon />} onClick={() => navigate(PROFILE_SETTINGS_PATH)}>
              {t('page.settings')}
            </Button>
            <Button variant="outlined" startIcon={<PublicIcon />} onClick={() => setManagingNationalities(true)}>
              {t('page.multiNational')}
            </Button>
          </>
        }
      />
      <ProfileStatCards stats={profile.data.stats} />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, value: TabValue) => setTab(value)}
          aria-label={t('page.sections')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((value) => (
            <Tab key={value} value={value} label={t(`page.tabs.${value}`)} id={tabId(value)} aria-controls={panelId(value)} />
          ))}
        </Tabs>
        {TABS.map((value) => (
          <Box key={value} role="tabpanel" id={panelId(value)} aria-labelledby={tabId(value)} hidden={tab !== value} sx={{ p: { xs: 2, md: 3 } }}>
            {/* Each tab reads its data when first shown. */}
            {tab === value && panels[value]}
          </Box>
        ))}
      </Paper>
      <EditProfileDialog open={editing} onClose={() => setEditing(false)} profile={profile.data.user} />
      <SettingsDialog open={settingsOpen} onClose={() => navigate(PROFILE_PATH, { replace: true })} notificationSettings={<NotificationSettingsSection />} />
      <NationalityManagerDialog open={managingNationalities} onClose={() => setManagingNationalities(false)} />
    </Stack>
  );
}
