import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../App';
import { Toaster } from '../components/toaster';
import { createQueryClient } from '../lib/api-client';
import type { LiveSocket } from '../lib/live-socket';
import { offlineLiveSocket } from './live-socket-fakes';

/** Renders the whole app at `path`, in memory, with a query cache of its own. */
export function renderApp(path: string, liveSocket: LiveSocket = offlineLiveSocket()) {
  const location = memoryLocation({ path, record: true });
  const view = render(<App queryClient={createQueryClient()} locationHook={location.hook} liveSocket={liveSocket} />);
  return { ...view, location };
}

/** Renders a piece of a screen with a query cache (its own, unless given) and the toasts. */
export function renderWithQueries(ui: ReactNode, queryClient: QueryClient = createQueryClient()) {
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
