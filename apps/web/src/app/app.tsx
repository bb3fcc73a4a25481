import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { OpportunityActionsProvider } from '@/components/opportunity-actions-slot';
import { SearchActionsProvider } from '@/components/search-actions-slot';
import { SessionHintProvider } from '@/lib/use-session';
import { AppErrorBoundary } from './error-screen';
import { OPPORTUNITY_ACTIONS } from './opportunity-actions';
import { SEARCH_ACTIONS } from './search-actions';
import { replayEarlyInput } from './early-input';

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
          <OpportunityActionsProvider value={OPPORTUNITY_ACTIONS}>
            <SearchActionsProvider value={SEARCH_ACTIONS}>{children}</SearchActionsProvider>
          </OpportunityActionsProvider>
        </SessionHintProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}

/**
 * Marks <html data-app-ready> once React has hydrated (or rendered) the page: from then on taps and
 * typing reach the app. Taps and submits made before (held by public/boot.js) are replayed now.
 */
function useAppReadyMarker() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    // After the updates hydration schedules (the session read from storage) have committed, so the
    // replayed tap meets the handlers of the page as the user now sees it.
    const timer = setTimeout(() => replayEarlyInput(), 0);
    return () => clearTimeout(timer);
  }, []);
}
