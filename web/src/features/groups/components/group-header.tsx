import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { Group } from '../../../lib/api/group';
import { DepartmentIcon } from './department-icon';
import {
  DEPARTMENT_LABELS,
  formatMemberCount,
  groupPageSubscriptionLabel,
  subscriptionBadgeColor,
} from './group-labels';

interface GroupHeaderProps {
  group: Group;
  isSubscribed: boolean;
}

export function GroupHeader({ group, isSubscribed }: GroupHeaderProps) {
  const { name, description, department, subscriptionType, memberCount } = group;
  return (
    <Paper variant="outlined" component="header" sx={{ p: { xs: 2, md: 4 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Chip
          label={DEPARTMENT_LABELS[department]}
          variant="outlined"
          icon={<DepartmentIcon department={department} />}
        />
        <Chip label={groupPageSubscriptionLabel(subscriptionType)} color={subscriptionBadgeColor(subscriptionType)} />
        {/* Spec: subscribers see their own standing in every group's header. */}
        {isSubscribed && <Chip label="Premium Member" color="secondary" icon={<WorkspacePremiumIcon aria-hidden />} />}
      </Stack>
      <Typography variant="h1">{name}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {description}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {formatMemberCount(memberCount)}
      </Typography>
    </Paper>
  );
}
