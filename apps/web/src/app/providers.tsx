import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client.ts';
import { MessageBoxProvider } from '@/components/ui/message-box.tsx';

/**
 * What surrounds the router, in the browser (main.tsx) and in the prerender (entry-server.tsx)
 * alike, so both render the same tree. The router's components are a Suspense boundary: React
 * hydrates the providers in the first pass and the page in later tasks (decision 018).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MessageBoxProvider>
        <Suspense>{children}</Suspense>
      </MessageBoxProvider>
    </QueryClientProvider>
  );
}
