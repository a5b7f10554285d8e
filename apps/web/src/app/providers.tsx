import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { usePublicConfig } from '@/lib/api/get-public-config';
import { createQueryClient } from '@/lib/query-client';

/** Loads the run-time configuration once at start-up; nothing renders from it yet. */
function PublicConfigLoader() {
  usePublicConfig();
  return null;
}

export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: 4000,
        className: '!rounded-field !bg-neutral !text-neutral-content !shadow-lift !font-sans',
        success: { iconTheme: { primary: '#e0a83a', secondary: '#17291f' } },
      }}
    />
  );
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <PublicConfigLoader />
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
