import type { QueryClient } from '@tanstack/react-query';
import { Router, type BaseLocationHook } from 'wouter';
import { AppProviders } from './app/app-providers';
import { AppRoutes } from './app/app-routes';
import { AppShell } from './app/app-shell';
import { useLanguage } from './i18n';
import { queryClient as defaultQueryClient } from './lib/api-client';
import { liveSocket as defaultLiveSocket, type LiveSocket } from './lib/live-socket';
import { LiveSocketContext } from './lib/live-updates';

interface AppProps {
  /** Tests pass a fresh client: data never goes stale, so a shared one leaks between tests. */
  queryClient?: QueryClient;
  /** Tests pass a memory location; the browser location is the default. */
  locationHook?: BaseLocationHook;
  /** Tests pass one that never connects; the tab's own socket to /ws is the default. */
  liveSocket?: LiveSocket;
}

export function App({ queryClient = defaultQueryClient, locationHook, liveSocket = defaultLiveSocket }: AppProps) {
  // A language switch renders the whole tree again, so every date and count (lib/format-date,
  // lib/format-number) follows it, also in components that do not translate texts themselves.
  useLanguage();
  return (
    <AppProviders queryClient={queryClient}>
      <LiveSocketContext.Provider value={liveSocket}>
        <Router hook={locationHook}>
          <AppShell>
            <AppRoutes />
          </AppShell>
        </Router>
      </LiveSocketContext.Provider>
    </AppProviders>
  );
}
