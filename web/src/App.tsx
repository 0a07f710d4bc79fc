import type { QueryClient } from '@tanstack/react-query';
import { Router, type BaseLocationHook } from 'wouter';
import { AppProviders } from './app/app-providers';
import { AppRoutes } from './app/app-routes';
import { AppShell } from './app/app-shell';
import { queryClient as defaultQueryClient } from './lib/api-client';

interface AppProps {
  /** Tests pass a fresh client: data never goes stale, so a shared one leaks between tests. */
  queryClient?: QueryClient;
  /** Tests pass a memory location; the browser location is the default. */
  locationHook?: BaseLocationHook;
}

export function App({ queryClient = defaultQueryClient, locationHook }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <Router hook={locationHook}>
        <AppShell>
          <AppRoutes />
        </AppShell>
      </Router>
    </AppProviders>
  );
}
