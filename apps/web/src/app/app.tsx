import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { OpportunityActionsProvider } from '@/components/opportunity-actions-slot';
import { SessionHintProvider } from '@/lib/use-session';
import { AppErrorBoundary } from './error-screen';
import { OPPORTUNITY_ACTIONS } from './opportunity-actions';

/**
 * The providers around the router, the same in the browser (main.tsx) and on the server
 * (entry-server.tsx). `signedInHint`: the page was rendered for a visitor who said they are signed in
 * (the `signed_in` cookie), so account parts wait for the session instead of showing "Log in".
 */
export function App({
  queryClient,
  signedInHint,
  children,
}: {
  queryClient: QueryClient;
  signedInHint: boolean;
  children: ReactNode;
}) {
  useAppReadyMarker();
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SessionHintProvider value={signedInHint}>
          <OpportunityActionsProvider value={OPPORTUNITY_ACTIONS}>{children}</OpportunityActionsProvider>
        </SessionHintProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}

/**
 * Marks <html data-app-ready> once React has hydrated (or rendered) the page: from then on taps and
 * typing reach the app. A tap on server-rendered HTML before that is lost, so the e2e suite waits for
 * it after each navigation (e2e/support/fixtures.ts), as a monitor of time-to-interactive could.
 */
function useAppReadyMarker() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
}
