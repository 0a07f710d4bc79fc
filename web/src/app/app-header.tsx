import { Suspense, lazy, type MouseEvent } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'wouter';
import { LanguageToggle } from '../components/language-switch';
import { LOGIN_PATH } from '../lib/auth-paths';
import { useCurrentUser, type AuthUser } from '../lib/api/get-current-user';
import { requestSignInPanel } from '../features/identity/components/sign-in-request-store';
import { MemberNavLinks } from './header/member-nav-links';
import { MobileNavDrawer } from './header/mobile-nav-drawer';
import { UserMenu } from './header/user-menu';

// Members only: its code and texts stay out of the landing page's JavaScript.
const HeaderSearch = lazy(() => import('../features/search/components/header-search').then((m) => ({ default: m.HeaderSearch })));
const NotificationBell = lazy(() => import('../features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })));

function VisitorActions() {
  const { t } = useTranslation();
  const [location] = useLocation();
  // On the landing page the sign-in panel is already here: show it rather than leave
  // for /api/login, which would only come back to it. Elsewhere, the server route.
  const openPanelHere = (event: MouseEvent) => {
    if (location !== '/') return;
    event.preventDefault();
    requestSignInPanel();
  };
  return (
    <Button variant="contained" href={LOGIN_PATH} onClick={openPanelHere}>
      {t('header.signIn')}
    </Button>
  );
}

function MemberActions({ user }: { user: AuthUser }) {
  return (
    <>
      {/* Its code and texts load on their own: the rest of the header never waits for them. */}
      <Suspense fallback={null}>
        <HeaderSearch />
      </Suspense>
      {/* The bell shows on every screen size: its count is the point. */}
      <Suspense fallback={null}>
        <NotificationBell />
      </Suspense>
      {/* jsdom applies no media queries, so tests see both; browsers show one. */}
      <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}>
        <MemberNavLinks user={user} />
        <UserMenu user={user} />
      </Box>
      <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
        <MobileNavDrawer user={user} />
      </Box>
    </>
  );
}

export function AppHeader() {
  const { t } = useTranslation();
  const { user, isPending, sessionUnknown } = useCurrentUser();
  return (
    <AppBar position="sticky" color="inherit" elevation={1}>
      <Toolbar sx={{ gap: 2 }}>
        <Link component={RouterLink} href="/" underline="none" color="inherit" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <HowToVoteIcon color="primary" fontSize="large" aria-hidden />
          <Typography component="span" variant="h6" color="primary" sx={{ fontWeight: 700 }}>
            {t('appName')}
          </Typography>
        </Link>
        <Box sx={{ flex: 1 }} />
        {/* On phones a member finds it in the navigation drawer; a visitor has no drawer. */}
        <LanguageToggle sx={{ display: { xs: user ? 'none' : 'inline-flex', md: 'inline-flex' } }} />
        {/* Nothing while the session is unknown (loading, or Civitas cannot be reached): no Sign In for members. */}
        {!isPending && !sessionUnknown && (user ? <MemberActions user={user} /> : <VisitorActions />)}
      </Toolbar>
    </AppBar>
  );
}
