import type { APIRequestContext, APIResponse } from '@playwright/test';

/**
 * Calls the API like the web app does: GET /api/health sets the XSRF-TOKEN cookie in the request
 * context, and unsafe methods echo it in X-XSRF-TOKEN. Use the `request` fixture (it has baseURL).
 */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  let cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) {
    await request.get('/api/health');
    cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  }
  if (!cookie) throw new Error('GET /api/health did not set XSRF-TOKEN');
  return { 'x-xsrf-token': cookie.value };
}

export async function apiPost(
  request: APIRequestContext,
  url: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  return request.post(url, { data, headers: { ...(await csrfHeaders(request)), ...headers } });
}
