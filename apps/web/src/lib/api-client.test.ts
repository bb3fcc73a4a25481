import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fakeJwt, inOneHour, jsonResponse } from '@/test/utils';
import {
  ApiError,
  api,
  apiBlob,
  apiRequest,
  buildUrl,
  filenameFromDisposition,
  initCsrf,
  refreshSession,
  serverMessage,
  isRetryLater,
} from './api-client';
import { getTokens, onSessionEnd, setTokens } from './session';

let fetchMock: Mock<typeof fetch>;

function headersOf(call: number): Headers {
  return new Headers(fetchMock.mock.calls[call]![1]!.headers);
}
function urlOf(call: number) {
  return String(fetchMock.mock.calls[call]![0]);
}
function bodyOf(call: number) {
  return fetchMock.mock.calls[call]![1]!.body;
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=nonce.sig%3D';
  document.documentElement.lang = 'en';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('every request', () => {
  it('sends cookies, the XSRF header from the cookie, Accept-Language of the UI and the bearer token', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    document.documentElement.lang = 'ar';
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiRequest('/api/things');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.credentials).toBe('same-origin');
    const headers = headersOf(0);
    expect(headers.get('X-XSRF-TOKEN')).toBe('nonce.sig=');
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('Accept-Language')).toBe('ar');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiRequest('/api/faqs');
    expect(headersOf(0).has('Authorization')).toBe(false);
  });

  it('encodes plain bodies as JSON and leaves FormData to the browser (multipart boundary)', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await api.post('/api/contact', { name: 'سارة' });
    expect(headersOf(0).get('Content-Type')).toBe('application/json');
    expect(bodyOf(0)).toBe(JSON.stringify({ name: 'سارة' }));

    const form = new FormData();
    form.append('images', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.post('/api/uploads/images', form);
    expect(headersOf(1).has('Content-Type')).toBe(false);
    expect(bodyOf(1)).toBe(form);
  });

  it('adds query parameters, skipping empty ones', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await api.get('/api/faqs', { query: { search: 'عرض', page: 2, empty: '', none: undefined } });
    expect(urlOf(0)).toBe(`/api/faqs?search=${encodeURIComponent('عرض')}&page=2`);
    expect(buildUrl('/api/x?a=1', { b: true })).toBe('/api/x?a=1&b=true');
  });

  it('fetches the XSRF cookie first when an unsafe request finds none', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/health') {
        document.cookie = 'XSRF-TOKEN=fresh.token';
        return jsonResponse({ status: 'ok' });
      }
      return jsonResponse({});
    });
    await api.post('/api/contact', {});
    expect(urlOf(0)).toBe('/api/health');
    expect(headersOf(1).get('X-XSRF-TOKEN')).toBe('fresh.token');
  });
});

describe('initCsrf', () => {
  it('calls GET /api/health and only logs a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(initCsrf()).resolves.toBeUndefined();
    expect(urlOf(0)).toBe('/api/health');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('answers', () => {
  it('returns nothing for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/api/favorites/1')).resolves.toBeUndefined();
  });

  it('rejects a successful answer that is not JSON', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      message: 'Expected JSON response but received text/html',
      status: 200,
    });
  });

  it('accepts JSON variants such as problem+json', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"a":1}', { status: 200, headers: { 'content-type': 'application/vnd.api+json' } }),
    );
    await expect(apiRequest('/api/x')).resolves.toEqual({ a: 1 });
  });

  it('turns an error answer into ApiError with the body message, status, code, fields and body', async () => {
    const body = {
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid',
      fields: { email: 'Invalid email address' },
    };
    fetchMock.mockResolvedValue(jsonResponse(body, { status: 400 }));
    const error = await apiRequest('/api/contact', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Some fields are invalid',
      status: 400,
      code: 'VALIDATION_FAILED',
      body,
    });
    expect((error as ApiError).fields).toEqual({ email: 'Invalid email address' });
    expect(serverMessage(error)).toBe('Some fields are invalid');
  });

  it("falls back to 'Request failed with status <status>' without a message", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Request failed with status 500', status: 500, body: null });
    expect(serverMessage(error)).toBeNull();
  });

  it('says to try again in a moment when the service is away, even behind a proxy with no body of ours', async () => {
    document.documentElement.lang = 'en';
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is temporarily unavailable; try again in a moment',
        },
        { status: 503, headers: { 'retry-after': '5' } },
      ),
    );
    const ours = await apiRequest('/api/contact', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(isRetryLater(ours)).toBe(true);
    expect(serverMessage(ours)).toBe('The service is temporarily unavailable; try again in a moment');
    for (const status of [502, 503, 504, 507]) {
      fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status }));
      const proxied = await apiRequest('/api/x').catch((e: unknown) => e);
      expect(isRetryLater(proxied)).toBe(true);
      expect(serverMessage(proxied)).toBe('The service is unavailable for a moment; try again shortly.');
    }
    document.documentElement.lang = 'ar';
    expect(serverMessage(await apiRequest('/api/x').catch((e: unknown) => e))).toBe(
      'الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات.',
    );
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    expect(isRetryLater(await apiRequest('/api/x').catch((e: unknown) => e))).toBe(false);
  });

  it('words client-side errors in the UI language', async () => {
    document.documentElement.lang = 'ar';
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    await expect(apiRequest('/api/x')).rejects.toThrow('فشل الطلب برمز الحالة 500');
  });

  it('reports an unreachable server as a network ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('lets an abort through untouched', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('auth-required calls', () => {
  it("fail with 401 'Authentication required, but no token found' without calling the server", async () => {
    await expect(apiRequest('/api/users/me', { auth: true })).rejects.toMatchObject({
      message: 'Authentication required, but no token found',
      status: 401,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('401 and the token refresh', () => {
  const refreshed = () => jsonResponse({ accessToken: 'access-2', refreshToken: 'refresh-2' });

  it('refreshes once, stores the new tokens and retries with the new token', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ code: 'TOKEN_EXPIRED', message: 'expired' }, { status: 401 }))
      .mockResolvedValueOnce(refreshed())
      .mockResolvedValueOnce(jsonResponse({ id: 1 }));
    await expect(apiRequest('/api/users/me', { auth: true })).resolves.toEqual({ id: 1 });
    expect(urlOf(1)).toBe('/api/auth/refresh');
    expect(JSON.parse(bodyOf(1) as string)).toEqual({ refreshToken: 'refresh-1' });
    expect(headersOf(1).has('Authorization')).toBe(false);
    expect(headersOf(2).get('Authorization')).toBe('Bearer access-2');
    expect(getTokens()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('keeps the refresh token when the refresh answer has none', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    fetchMock
      .mockResolvedValueOnce(new Response(null, { status: 401 }))
      .mockResolvedValueOnce(jsonResponse({ accessToken: 'access-2' }))
      .mockResolvedValueOnce(jsonResponse({}));
    await apiRequest('/api/x');
    expect(getTokens()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-1' });
  });

  it('shares one refresh between calls that fail together', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/refresh') return refreshed();
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer access-2' ? jsonResponse({ url }) : new Response(null, { status: 401 });
    });
    const results = await Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('retries only once: a second 401 is the error', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    fetchMock
      .mockResolvedValueOnce(new Response(null, { status: 401 }))
      .mockResolvedValueOnce(refreshed())
      .mockResolvedValueOnce(jsonResponse({ code: 'FORBIDDEN', message: 'still no' }, { status: 401 }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 401, message: 'still no' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("ends the session with 'Session expired. Please log in again.' when the refresh is refused", async () => {
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    fetchMock
      .mockResolvedValueOnce(new Response(null, { status: 401 }))
      .mockResolvedValueOnce(jsonResponse({ code: 'SESSION_EXPIRED', message: 'x' }, { status: 401 }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      message: 'Session expired. Please log in again.',
      status: 401,
    });
    stop();
    expect(getTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(ended).toHaveBeenCalledWith('expired');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('ends the session at once, without a refresh, when the server says it was revoked', async () => {
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 'SESSION_REVOKED', message: 'This session was ended.' }, { status: 401 }),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 401,
      code: 'SESSION_REVOKED',
      message: 'This session was ended.',
    });
    stop();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(ended).toHaveBeenCalledWith('revoked');
  });

  it('treats a refresh answer without an access token as refused', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    fetchMock
      .mockResolvedValueOnce(new Response(null, { status: 401 }))
      .mockResolvedValueOnce(jsonResponse({}));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      message: 'Session expired. Please log in again.',
    });
    expect(getTokens().accessToken).toBeNull();
  });

  it('ends the session without calling refresh when there is no refresh token', async () => {
    setTokens({ accessToken: 'access-1' });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 401 }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    fetchMock
      .mockResolvedValueOnce(new Response(null, { status: 401 }))
      .mockRejectedValueOnce(new TypeError('offline'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(getTokens()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('does not refresh for a 401 of a signed-out visitor or of the login call itself', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }, { status: 401 }),
    );
    await expect(api.post('/api/auth/login', {})).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    setTokens({ accessToken: 'stale', refreshToken: 'refresh-1' });
    await expect(api.post('/api/auth/login', {})).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/login', '/api/auth/login']);
    expect(getTokens().refreshToken).toBe('refresh-1');
  });

  it('exposes the shared refresh for a silent refresh timer', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', exp: inOneHour() }), refreshToken: 'refresh-1' });
    fetchMock.mockResolvedValueOnce(refreshed());
    await expect(refreshSession()).resolves.toBe('access-2');
  });
});

describe('uploads with progress (XMLHttpRequest)', () => {
  const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer;
  class FakeXhr {
    static last: FakeXhr;
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    status = 0;
    statusText = '';
    response: ArrayBuffer | null = null;
    responseType = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(key: string, value: string) {
      this.headers[key] = value;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\nx-other: 1\r\n';
    }
    send(body: unknown) {
      this.body = body;
    }
    abort() {
      this.onabort?.();
    }
  }

  it('reports progress and resolves with the JSON answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const onProgress = vi.fn();
    const form = new FormData();
    const promise = api.post<{ files: unknown[] }>('/api/uploads/images', form, { auth: true, onProgress });
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBe(form));
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.headers.Authorization).toBe('Bearer access-1');
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('nonce.sig=');
    xhr.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true } as ProgressEvent);
    expect(onProgress).toHaveBeenCalledWith({ loaded: 50, total: 200, percent: 25 });
    xhr.status = 201;
    xhr.response = bytes({ files: [{ url: '/uploads/a.webp' }] });
    xhr.onload?.();
    await expect(promise).resolves.toEqual({ files: [{ url: '/uploads/a.webp' }] });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects with the server message on an error status', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const promise = api.post('/api/uploads/images', new FormData(), { onProgress: () => undefined });
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
    FakeXhr.last.status = 415;
    FakeXhr.last.response = bytes({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported file type' });
    FakeXhr.last.onload?.();
    await expect(promise).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported file type',
    });
  });
});

describe('blob downloads', () => {
  it('returns the blob and the file name of Content-Disposition', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    fetchMock.mockResolvedValue(
      new Response('%PDF', {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': "attachment; filename*=UTF-8''%D8%B9%D8%B1%D8%B6.pdf",
        },
      }),
    );
    const { blob, filename } = await apiBlob('/api/files/1', { auth: true });
    expect(await blob.text()).toBe('%PDF');
    expect(filename).toBe('عرض.pdf');
    expect(headersOf(0).get('Accept')).toBe('*/*');
    expect(headersOf(0).get('Authorization')).toBe('Bearer access-1');
  });

  it('parses plain and missing file names', () => {
    expect(filenameFromDisposition('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(filenameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
