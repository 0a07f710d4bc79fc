import type { AuthUser } from '../api/get-current-user';

type NamedUser = Pick<AuthUser, 'email' | 'firstName' | 'lastName'>;

/** "First Last" when the member gave names, else the e-mail (accounts from providers may have none). */
export function displayName(user: NamedUser): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}

/** Up to two letters for the avatar: the initials of the names, else the e-mail's first letter. */
export function initials(user: NamedUser): string {
  const letters = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('');
  return (letters || user.email.charAt(0)).toLocaleUpperCase();
}
