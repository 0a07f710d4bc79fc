import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useLocation } from 'wouter';
import { useGroups } from '../../../lib/api/get-groups';
import type { Group } from '../../../lib/api/group';
import { DepartmentIcon } from './department-icon';

/** Spec: Leaders Only for the alliance, Subscription where one is needed, else Free. */
function groupTabBadge(group: Group): string {
  if (group.department === 'alliance') return 'Leaders Only';
  return group.requiresSubscription ? 'Subscription' : 'Free';
}

/** One tab per group the member can see; choosing one opens it. */
export function GroupTabBar({ currentGroupId }: { currentGroupId: number }) {
  const groups = useGroups();
  const [, navigate] = useLocation();
  // Without the list there is nothing to switch between; the page itself still works.
  if (!groups.data || groups.data.length === 0) return null;
  const current = groups.data.some((group) => group.id === currentGroupId) ? currentGroupId : false;
  return (
    <Paper variant="outlined" component="nav" aria-label="Groups">
      {/* About 250 groups: a scrolling strip rather than wrapping rows. */}
      <Tabs
        value={current}
        onChange={(_, id: number) => navigate(`/group/${id}`)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Groups"
      >
        {groups.data.map((group) => (
          <Tab
            key={group.id}
            value={group.id}
            icon={<DepartmentIcon department={group.department} fontSize="small" />}
            iconPosition="start"
            sx={{ minHeight: 56, textTransform: 'none' }}
            label={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{group.name}</span>
                <Chip size="small" variant="outlined" label={groupTabBadge(group)} sx={{ pointerEvents: 'none' }} />
              </Stack>
            }
          />
        ))}
      </Tabs>
    </Paper>
  );
}
