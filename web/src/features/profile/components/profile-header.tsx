import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { UserAvatar } from '../../../components/user-avatar';
import { displayName } from '../../../lib/user-display';
import { formatDisplayDate } from '../../../lib/format-date';

/**
 * Who the profile belongs to. City, about text, social links, badges and statistics
 * join it with the profiles feature; until then it shows only what the account holds.
 */
export function ProfileHeader({ user }: { user: AuthUser }) {
  const joined = formatDisplayDate(user.createdAt);
  return (
    <Paper variant="outlined" component="header" sx={{ p: { xs: 2, md: 4 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'center', sm: 'center' } }}>
        <UserAvatar user={user} size={88} />
        <Stack spacing={0.5} sx={{ textAlign: { xs: 'center', sm: 'left' }, minWidth: 0 }}>
          <Typography variant="h1">{displayName(user)}</Typography>
          <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {user.email}
          </Typography>
          {joined && (
            <Typography variant="body2" color="text.secondary">
              Joined {joined}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
