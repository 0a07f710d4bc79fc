import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { UserAvatar } from '../../../components/user-avatar';
import { displayName } from '../../../lib/user-display';
import { formatDisplayDate } from '../../../lib/format-date';

interface ProfileHeaderProps {
  user: AuthUser;
  /** Leader in any group (GET /api/user/groups); undefined while that is unknown. */
  isLeader?: boolean;
}

/**
 * Who the profile belongs to, with the spec's badges: Active Citizen, Verified, Leader (a leader
 * in any group). City, about text, social links and statistics join it with the profiles feature.
 */
export function ProfileHeader({ user, isLeader }: ProfileHeaderProps) {
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
          <Stack
            component="ul"
            aria-label="Badges"
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', justifyContent: { xs: 'center', sm: 'flex-start' }, listStyle: 'none', m: 0, p: 0, pt: 1 }}
          >
            <li>
              <Chip label="Active Citizen" color="success" size="small" />
            </li>
            {user.isVerified && (
              <li>
                <Chip label="Verified" color="primary" size="small" icon={<VerifiedIcon aria-hidden />} />
              </li>
            )}
            {isLeader && (
              <li>
                <Chip label="Leader" color="secondary" size="small" icon={<MilitaryTechIcon aria-hidden />} />
              </li>
            )}
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
