import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'wouter';
import { i18n } from '../../i18n';
import type { AuthUser } from '../../lib/api/get-current-user';

export interface NavLink {
  label: string;
  href: string;
}

/**
 * Desktop and drawer share these; Admin Panel shows only to admins (docs/product.md, Roles: roles are data),
 * and an auditor, who may read the audit trail at /admin but act on nothing, gets Audit Trail.
 */
export function memberNavLinks(user: AuthUser): NavLink[] {
  const adminLink = user.isAdmin
    ? [{ label: i18n.t('nav.adminPanel'), href: '/admin' }]
    : user.roles.includes('auditor')
      ? [{ label: i18n.t('nav.auditTrail'), href: '/admin' }]
      : [];
  return [
    { label: i18n.t('nav.dashboard'), href: '/' },
    { label: i18n.t('nav.myProfile'), href: '/profile' },
    ...adminLink,
    // Issue #15: auditors and admins replay topics' histories and tallies at /audit.
    ...(user.isAdmin || user.roles.includes('auditor') ? [{ label: i18n.t('nav.audit'), href: '/audit' }] : []),
  ];
}

export function MemberNavLinks({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <Stack component="nav" aria-label={t('header.mainNav')} direction="row" spacing={0.5}>
      {memberNavLinks(user).map(({ label, href }) => {
        const current = location === href;
        return (
          <Button key={href} component={RouterLink} href={href} color={current ? 'primary' : 'inherit'} aria-current={current ? 'page' : undefined}>
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}
