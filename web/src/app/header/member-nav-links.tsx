import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useLocation } from 'wouter';
import type { AuthUser } from '../../lib/api/get-current-user';

export interface NavLink {
  label: string;
  href: string;
}

/**
 * Desktop and drawer share these; Admin Panel shows only to admins (DECISIONS.md: roles are data),
 * and an auditor, who may read the audit trail at /admin but act on nothing, gets Audit Trail.
 */
export function memberNavLinks(user: AuthUser): NavLink[] {
  const adminLink = user.isAdmin ? [{ label: 'Admin Panel', href: '/admin' }] : user.roles.includes('auditor') ? [{ label: 'Audit Trail', href: '/admin' }] : [];
  return [
    { label: 'Dashboard', href: '/' },
    { label: 'My Profile', href: '/profile' },
    ...adminLink,
    // Issue #15: auditors and admins replay topics' histories and tallies at /audit.
    ...(user.isAdmin || user.roles.includes('auditor') ? [{ label: 'Audit', href: '/audit' }] : []),
  ];
}

export function MemberNavLinks({ user }: { user: AuthUser }) {
  const [location] = useLocation();
  return (
    <Stack component="nav" aria-label="Main" direction="row" spacing={0.5}>
      {memberNavLinks(user).map(({ label, href }) => {
        const current = location === href;
        return (
          <Button
            key={href}
            component={RouterLink}
            href={href}
            color={current ? 'primary' : 'inherit'}
            aria-current={current ? 'page' : undefined}
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}
