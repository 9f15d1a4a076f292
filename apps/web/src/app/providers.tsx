import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client.ts';
import { MessageBoxProvider } from '@/components/ui/message-box.tsx';

/**
 * What surrounds the router, in the browser (main.tsx) and on the server (entry-server.tsx)
 * alike, so both render the same tree. The router's components are a Suspense boundary: React
 * hydrates the providers in the first pass and the page in later tasks (decision 018).
 * `client`: the server's cache of one request; the browser uses the app's one cache.
 */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient | undefined }) {
  return (
    <QueryClientProvider client={client}>
      <MessageBoxProvider>
        <Suspense>{children}</Suspense>
      </MessageBoxProvider>
    </QueryClientProvider>
  );
}
