import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useGroups } from '../../../lib/api/get-groups';
import type { Group } from '../../../lib/api/group';
import { verifiedCountries } from '../../../lib/verified-countries';
import { DepartmentIcon } from './department-icon';
import { groupTabBadge } from './group-labels';
import { GroupSwitcher } from './group-switcher';
import { useGroupName } from '../../../lib/country-name';

/** Up to this many groups fit a strip of tabs; beyond it a searchable switcher takes their place. */
export const MAX_GROUP_TABS = 8;

function GroupTabs({ groups, currentGroupId, onChoose }: { groups: Group[]; currentGroupId: number; onChoose: (id: number) => void }) {
  const { t } = useTranslation('groups');
  const groupName = useGroupName();
  const current = groups.some((group) => group.id === currentGroupId) ? currentGroupId : false;
  return (
    <Tabs
      value={current}
      onChange={(_, id: number) => onChoose(id)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('tabs.label')}
    >
      {groups.map((group) => (
        <Tab
          key={group.id}
          value={group.id}
          icon={<DepartmentIcon department={group.department} fontSize="small" />}
          iconPosition="start"
          sx={{ minHeight: 56, textTransform: 'none' }}
          label={
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <bdi dir="auto">{groupName(group)}</bdi>
              <Chip size="small" variant="outlined" label={groupTabBadge(group)} sx={{ pointerEvents: 'none' }} />
            </Stack>
          }
        />
      ))}
    </Tabs>
  );
}

/** A tab per group (docs/product.md, Screens: Group page) while there are a handful; the same choice, searchable, beyond that. */
export function GroupTabBar({ currentGroupId }: { currentGroupId: number }) {
  const { t } = useTranslation('groups');
  const groups = useGroups();
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const countries = useMemo(() => (user ? verifiedCountries(user) : []), [user]);
  // Without the list there is nothing to switch between; the page itself still works.
  if (!groups.data || groups.data.length === 0) return null;
  const open = (id: number) => navigate(`/group/${id}`);
  return (
    <Paper variant="outlined" component="nav" aria-label={t('tabs.label')} sx={groups.data.length > MAX_GROUP_TABS ? { p: 1.5 } : undefined}>
      {groups.data.length > MAX_GROUP_TABS ? (
        <GroupSwitcher groups={groups.data} currentGroupId={currentGroupId} verifiedCountries={countries} onChoose={(group) => open(group.id)} />
      ) : (
        <GroupTabs groups={groups.data} currentGroupId={currentGroupId} onChoose={open} />
      )}
    </Paper>
  );
}
