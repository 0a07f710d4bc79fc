import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { UserGroupView } from '@civitas/events/groups/group.contract';
import { formatDisplayDate } from '../../../lib/format-date';

const DEPARTMENT_LABELS: Record<UserGroupView['group']['department'], string> = {
  family: 'Family', friends: 'Friends', business: 'Business', religion: 'Religion', national: 'National', international: 'International', alliance: 'Alliance',
};

/** Profile tab Groups: the member's memberships with their role and joined date (GET /api/user/groups). */
export function GroupsTab({ memberships }: { memberships: readonly UserGroupView[] }) {
  if (memberships.length === 0) return <Typography color="text.secondary">You are not a member of any group yet.</Typography>;
  return (
    <List disablePadding aria-label="Your groups">
      {memberships.map((membership) => (
        <ListItem key={membership.id} divider disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} href={`/group/${membership.groupId}`}>
                {membership.group.name}
              </Link>
            }
            secondary={`${DEPARTMENT_LABELS[membership.group.department]} · Joined ${formatDisplayDate(membership.joinedAt) ?? ''}`}
          />
          <Stack direction="row" spacing={1}>
            <Chip size="small" variant="outlined" label={membership.role === 'owner' ? 'Owner' : 'Member'} />
            {membership.isLeader && <Chip size="small" color="secondary" label="Leader" />}
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
