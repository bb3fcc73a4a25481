import type { QueryClient } from '@tanstack/react-query';

/** The admin list and the public FAQ page (key ['/api/faqs', search]) both follow a change at once. */
export function invalidateFaqs(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['/api/admin/faqs'] }),
    client.invalidateQueries({ queryKey: ['/api/faqs'] }),
  ]);
}
