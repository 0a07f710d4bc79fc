import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../App';
import { createQueryClient } from '../lib/api-client';

/** Renders the whole app at `path`, in memory, with a query cache of its own. */
export function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const view = render(<App queryClient={createQueryClient()} locationHook={location.hook} />);
  return { ...view, location };
}
