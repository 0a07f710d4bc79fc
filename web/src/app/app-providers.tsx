import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '../components/toaster';
import { LanguageStyles } from './language-styles';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <LanguageStyles>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </LanguageStyles>
  );
}
