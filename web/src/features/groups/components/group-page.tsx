import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { useCurrentUser } from '../../identity/api/get-current-user';
import { useGroup } from '../api/get-group';
import {
  DEPARTMENT_LABELS,
  formatMemberCount,
  groupPageSubscriptionLabel,
  subscriptionBadgeColor,
} from './group-labels';

function parseGroupId(raw: string): number | null {
  return /^[1-9]\d*$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

function GroupNotFound() {
  return (
    <Typography variant="h1" component="p" sx={{ textAlign: 'center', mt: 6 }}>
      Group not found
    </Typography>
  );
}

function GroupDetails({ groupId }: { groupId: number }) {
  const group = useGroup(groupId);
  const { user } = useCurrentUser();

  if (group.isPending) return <FullPageSpinner label="Loading group..." />;
  if (group.isError) {
    // The error rule puts the status first: a 404 means there is no such group.
    if (group.error.message.startsWith('404:')) return <GroupNotFound />;
    return <Alert severity="error">{group.error.message}</Alert>;
  }

  const { name, description, department, subscriptionType, memberCount } = group.data;
  return (
    <Paper variant="outlined" component="header" sx={{ p: { xs: 2, md: 4 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Chip label={DEPARTMENT_LABELS[department]} variant="outlined" />
        <Chip label={groupPageSubscriptionLabel(subscriptionType)} color={subscriptionBadgeColor(subscriptionType)} />
        {/* Spec: subscribers see their own standing in every group's header. */}
        {user?.isSubscribed && (
          <Chip label="Premium Member" color="secondary" icon={<WorkspacePremiumIcon aria-hidden />} />
        )}
      </Stack>
      <Typography variant="h1">{name}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {description}
      </Typography>
      <Box sx={{ mt: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {formatMemberCount(memberCount)}
        </Typography>
      </Box>
    </Paper>
  );
}

export function GroupPage({ id }: { id: string }) {
  const groupId = parseGroupId(id);
  return groupId === null ? <GroupNotFound /> : <GroupDetails groupId={groupId} />;
}
