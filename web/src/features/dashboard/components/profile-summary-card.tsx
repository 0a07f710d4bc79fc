import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { AuthUser } from '../../identity/api/get-current-user';
import { UserAvatar } from '../../identity/components/user-avatar';
import { displayName } from '../../identity/components/user-display';

/**
 * The dashboard sidebar's profile summary. Topics created, votes cast and delegations
 * join it with the participation statistics; until then it shows only real data.
 */
export function ProfileSummaryCard({ user }: { user: AuthUser }) {
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
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography color="text.secondary">Participation Score</Typography>
          <Typography variant="h3" component="p">
            {user.participationScore.toLocaleString('en-US')}
          </Typography>
        </Stack>
        <Button component={RouterLink} href="/profile" variant="outlined" fullWidth sx={{ mt: 2 }}>
          View Full Profile
        </Button>
      </CardContent>
    </Card>
  );
}
