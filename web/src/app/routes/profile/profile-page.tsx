import { useId, useState } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Box from '@mui/material/Box';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { leadsAnyGroup, useUserGroups } from '../../../lib/api/get-user-groups';
import { SubscriptionTab } from '../../../features/subscriptions/components/subscription-tab';
import { ProfileHeader } from '../../../features/profile/components/profile-header';

// Spec section 2 names five tabs; each arrives with its feature, so only the built ones
// are listed (no placeholder tabs).
const TABS = [{ value: 'subscription', label: 'Subscription' }] as const;
type TabValue = (typeof TABS)[number]['value'];

/** /profile: the signed-in member's own profile. */
export function ProfilePage({ user }: { user: AuthUser }) {
  const [tab, setTab] = useState<TabValue>('subscription');
  const memberships = useUserGroups();
  const baseId = useId();
  const tabId = (value: TabValue) => `${baseId}-tab-${value}`;
  const panelId = (value: TabValue) => `${baseId}-panel-${value}`;

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <ProfileHeader user={user} isLeader={memberships.data ? leadsAnyGroup(memberships.data) : undefined} />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, value: TabValue) => setTab(value)}
          aria-label="Profile sections"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map(({ value, label }) => (
            <Tab key={value} value={value} label={label} id={tabId(value)} aria-controls={panelId(value)} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={panelId('subscription')} aria-labelledby={tabId('subscription')} hidden={tab !== 'subscription'} sx={{ p: { xs: 2, md: 3 } }}>
          {tab === 'subscription' && <SubscriptionTab user={user} />}
        </Box>
      </Paper>
    </Stack>
  );
}
