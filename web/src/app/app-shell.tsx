import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useCurrentUser } from '../lib/api/get-current-user';
import { useLiveConnection } from '../lib/live-updates';
import { AppHeader } from './app-header';

export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  // The live socket is a members' channel (the upgrade needs the session): connected while signed in.
  useLiveConnection(Boolean(user));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppHeader />
      {/* A flex column, so page-level spinners can take the remaining height. */}
      <Container component="main" maxWidth="lg" sx={{ flex: 1, display: 'flex', flexDirection: 'column', py: 4 }}>
        {children}
      </Container>
    </Box>
  );
}
