import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { OpportunityActionsProvider } from '@/components/opportunity-actions-slot';
import { queryClient } from '@/lib/query-client';
import { AppErrorBoundary } from './error-screen';
import { OPPORTUNITY_ACTIONS } from './opportunity-actions';
import { router } from './router';

export function App() {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <OpportunityActionsProvider value={OPPORTUNITY_ACTIONS}>
          <RouterProvider router={router} />
        </OpportunityActionsProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
