import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { UserGroupView } from '@civitas/events/groups/group.contract';
import { formatDisplayDate } from '../../../lib/format-date';
import { Auto } from '../../../components/bidi';

/** Profile tab Groups: the member's memberships with their role and joined date (GET /api/user/groups). */
export function GroupsTab({ memberships }: { memberships: readonly UserGroupView[] }) {
  const { t } = useTranslation('profile');
  if (memberships.length === 0) return <Typography color="text.secondary">{t('groups.none')}</Typography>;
  return (
    <List disablePadding aria-label={t('groups.label')}>
      {memberships.map((membership) => (
        <ListItem key={membership.id} divider disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} href={`/group/${membership.groupId}`}>
                <Auto>{membership.group.name}</Auto>
              </Link>
            }
            secondary={t('groups.joined', {
              department: t(`groups.department.${membership.group.department}`),
              date: formatDisplayDate(membership.joinedAt) ?? '',
            })}
          />
          <Stack direction="row" spacing={1}>
            <Chip size="small" variant="outlined" label={membership.role === 'owner' ? t('groups.owner') : t('groups.member')} />
            {membership.isLeader && <Chip size="small" color="secondary" label={t('groups.leader')} />}
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
