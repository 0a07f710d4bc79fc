import Avatar from '@mui/material/Avatar';
import type { AuthUser } from '../api/get-current-user';
import { initials } from './user-display';

interface UserAvatarProps {
  user: Pick<AuthUser, 'email' | 'firstName' | 'lastName'>;
  size?: number;
}

/** The member's initials; decorative, because a name or e-mail always sits beside it. */
export function UserAvatar({ user, size = 40 }: UserAvatarProps) {
  return (
    <Avatar aria-hidden sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main' }}>
      {initials(user)}
    </Avatar>
  );
}
