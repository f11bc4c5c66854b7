import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastViewport } from '../../components/toast/ToastViewport.tsx';
import { LocaleBoundary } from '../../i18n/LocaleBoundary.tsx';
import { AuthProvider } from './auth/index.ts';
import { LiveSocketProvider } from './LiveSocketProvider.tsx';
import { createQueryClient } from './query-client.ts';
import { AppThemeProvider } from './theme/index.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <LiveSocketProvider>
            <LocaleBoundary>{children}</LocaleBoundary>
          </LiveSocketProvider>
        </AuthProvider>
      </QueryClientProvider>
      <ToastViewport />
    </AppThemeProvider>
  );
}
