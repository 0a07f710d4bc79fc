import { Suspense, lazy, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { ConnectionBanner } from '../components/connection-banner';
import { useLogWatch } from '../features/audit/api/use-log-watch';
import { useCurrentUser } from '../lib/api/get-current-user';
import { useLiveConnection } from '../lib/live-updates';
import { AppHeader } from './app-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

// Loaded only when the log watch has something to say: its texts and code stay out of the first load.
const LogForkWarning = lazy(() => import('../features/audit/components/log-fork-warning'));

export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const logWatch = useLogWatch();
  // The live socket is a members' channel (the upgrade needs the session): connected while signed in.
  useLiveConnection(Boolean(user));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppHeader />
      <ConnectionBanner />
      {logWatch && 'shown' in logWatch && (
        <Suspense fallback={null}>
          <LogForkWarning watch={logWatch} />
        </Suspense>
      )}
      {/* A flex column, so page-level spinners can take the remaining height. tabIndex -1: the skip link's target takes focus without becoming a tab stop. */}
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        maxWidth="lg"
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', py: 4, '&:focus': { outline: 'none' } }}
      >
        {children}
      </Container>
    </Box>
  );
}
