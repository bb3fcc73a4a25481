import { vi } from 'vitest';
import { jsonResponse } from './utils';

export const BUSINESS_TYPES = [
  { id: 4, nameAR: 'تجارة إلكترونية', nameEN: 'E-commerce' },
  { id: 8, nameAR: 'أغذية ومشروبات', nameEN: 'Food & Beverage' },
];
export const REGIONS = [
  { id: 1, nameAR: 'منطقة الرياض', nameEN: 'Riyadh Region' },
  { id: 2, nameAR: 'منطقة مكة المكرمة', nameEN: 'Makkah Region' },
];
export const CITIES = [
  { id: 1, nameAR: 'الرياض', nameEN: 'Riyadh', regionId: 1 },
  { id: 2, nameAR: 'الخرج', nameEN: 'Al-Kharj', regionId: 1 },
  { id: 3, nameAR: 'جدة', nameEN: 'Jeddah', regionId: 2 },
];
export const COMPANY_AGES = [{ id: 1, nameAR: 'أقل من سنة', nameEN: 'Under a year' }];
export const COMPANY_SIZES = [{ id: 1, nameAR: 'صغيرة', nameEN: 'Small' }];

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/**
 * Stubs fetch: lookups answer with the lists above, `handler` answers the rest (undefined means 404).
 * Returns the mock so tests can read the URLs that were called.
 */
export function mockApi(handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const lookups: Record<string, unknown[]> = {
      '/api/admin/lookups/business-types': BUSINESS_TYPES,
      '/api/admin/lookups/regions': REGIONS,
      '/api/admin/lookups/cities': CITIES,
      '/api/admin/lookups/company-ages': COMPANY_AGES,
      '/api/admin/lookups/company-sizes': COMPANY_SIZES,
    };
    if (lookups[url.pathname]) return jsonResponse({ data: lookups[url.pathname] });
    return (
      (await handler(url, init)) ?? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs (path and query) fetch was called with for `pathname`. */
export function calledUrls(fetchMock: ReturnType<typeof mockApi>, pathname: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === pathname);
}
