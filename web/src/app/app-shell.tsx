import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useCurrentUser } from '../lib/api/get-current-user';
import { useLiveConnection } from '../lib/live-updates';
import { AppHeader } from './app-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  // The live socket is a members' channel (the upgrade needs the session): connected while signed in.
  useLiveConnection(Boolean(user));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppHeader />
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
