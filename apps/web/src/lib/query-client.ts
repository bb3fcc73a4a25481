import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { QUERY } from '@safqa/shared/constants';
import { apiRequest, isApiError, type QueryValue } from './api-client';
import { endSession } from './session';

/**
 * Query defaults of SPEC.md section 9: fresh for 1 minute, one retry except after a 401, mutations
 * never retried, no refetch on window focus. A 401 from any query or mutation ends the session.
 */

function isUnauthorized(error: unknown) {
  return isApiError(error) && error.status === 401;
}

/** "Default data queries are GET on the key path with auth": ['/api/users/me'] or ['/api/x', {page: 2}]. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [path, query] = queryKey;
  if (typeof path !== 'string' || !path.startsWith('/api/')) {
    throw new Error(
      `No queryFn given and the key does not start with an API path: ${JSON.stringify(queryKey)}`,
    );
  }
  const params = query && typeof query === 'object' ? (query as Record<string, QueryValue>) : undefined;
  return apiRequest(path, { auth: true, query: params, signal });
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
        queryFn: defaultQueryFn,
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
