import Avatar from '@mui/material/Avatar';
import { initials, type NamedPerson } from '../lib/user-display';

interface UserAvatarProps {
  user: NamedPerson & { profileImageUrl?: string | null };
  size?: number;
}

/** The member's picture, else their initials; decorative, because a name always sits beside it. */
export function UserAvatar({ user, size = 40 }: UserAvatarProps) {
  return (
    <Avatar aria-hidden src={user.profileImageUrl ?? undefined} alt="" sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main' }}>
      {initials(user)}
    </Avatar>
  );
}
