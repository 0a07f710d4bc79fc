import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import { StatList } from '../../../components/stats-card';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { UserAvatar } from '../../../components/user-avatar';
import { displayName } from '../../../lib/user-display';
import { useUserStats } from '../../../lib/api/get-user-stats';

/** The dashboard sidebar's profile summary, with the member's counts from GET /api/user/stats. */
export function ProfileSummaryCard({ user }: { user: AuthUser }) {
  const stats = useUserStats();
  return (
    <Card variant="outlined" component="aside" aria-label="Your profile">
      <CardContent>
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <UserAvatar user={user} size={64} />
          <Typography component="p" variant="h3">
            {displayName(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {user.email}
          </Typography>
          <Chip label="Active Citizen" color="success" size="small" />
        </Stack>
        <Divider sx={{ my: 2 }} />
        <StatList
          error={stats.error}
          items={[
            // The stats projection is newer than the member read when the member just acted.
            { label: 'Participation Score', value: stats.data?.participationScore ?? user.participationScore },
            { label: 'Topics Created', value: stats.data?.topicsCreated },
            { label: 'Votes Cast', value: stats.data?.votesCast },
          ]}
        />
        <Button component={RouterLink} href="/profile" variant="outlined" fullWidth sx={{ mt: 2 }}>
          View Full Profile
        </Button>
      </CardContent>
    </Card>
  );
}
