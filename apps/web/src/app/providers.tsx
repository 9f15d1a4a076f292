import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client.ts';
import { MessageBoxProvider } from '@/components/ui/message-box.tsx';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MessageBoxProvider>{children}</MessageBoxProvider>
    </QueryClientProvider>
  );
}
