import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { QUERY } from '@safqa/shared/constants';
import { isApiError } from './api-client';
import { endSession } from './session';

/**
 * Query defaults of SPEC.md section 9: fresh for 1 minute, one retry except after a 401, mutations
 * never retried, no refetch on window focus. A 401 from any query or mutation ends the session.
 */

function isUnauthorized(error: unknown) {
  return isApiError(error) && error.status === 401;
}

/**
 * Every query names its own queryFn (docs/adding-an-area.md section 6): one that does not fails at
 * once, naming its key, instead of fetching whatever its key happens to spell.
 */
const missingQueryFn: QueryFunction = ({ queryKey }) => {
  const error = new Error(
    `No queryFn for the query ${JSON.stringify(queryKey)}: give it one (a queryOptions factory in its api/ file)`,
  );
  // Loud while developing: the error would otherwise only show as the component's error state.
  if (import.meta.env.DEV) console.error(error);
  throw error;
};

export function shouldRetryQuery(failureCount: number, error: unknown) {
  return !isUnauthorized(error) && failureCount < 1;
}

export function createQueryClient() {
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) endSession('expired');
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: missingQueryFn,
        staleTime: QUERY.staleTimeMs,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's client. Tests create their own with createQueryClient(). */
export const queryClient = createQueryClient();
