import type { QueryClient } from '@tanstack/react-query';
import { dealsKey } from './get-deals';

/** Every write on a deal refreshes the deal and every list of deals (stage, order), chats' links too. */
export function invalidateDeals(client: QueryClient) {
  return client.invalidateQueries({ queryKey: dealsKey });
}
