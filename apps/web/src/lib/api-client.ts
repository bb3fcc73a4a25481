import type { Language } from '@safqa/shared/constants';
import { BUILD_HEADER, noteServerBuild } from './app-build';
import { currentLanguage } from './language';
import { endSession, getTokens, setTokens } from './session';

/**
 * The one way to call the API (SPEC.md sections 7 and 8, API.md "Conventions"). Every request sends
 * cookies, the X-XSRF-TOKEN header copied from the XSRF-TOKEN cookie, the bearer token when there is
 * one and the UI language. A 401 triggers one shared token refresh and one retry; a refresh the server
 * refuses ends the session.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100, or null when the size is unknown. */
  percent: number | null;
}

export interface RequestOptions {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** true: the call needs a signed-in user and fails without a token. Otherwise the token is sent when present. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Upload progress; the request then goes through XMLHttpRequest, which reports it. */
  onProgress?: (progress: UploadProgress) => void;
  /** Lets the request outlive the page (analytics on navigation away). */
  keepalive?: boolean;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
  /** Per-field messages of a 400 VALIDATION_FAILED, already in the request language. */
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, status: number, options: { code?: string; body?: unknown } = {}) {
    super(message);
    this.status = status;
    this.code = options.code;
    this.body = options.body;
    const fields = isRecord(options.body) ? options.body.fields : undefined;
    this.fields = isRecord(fields) ? (fields as Record<string, string>) : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The `message` the server put in an error body, or null (network failure, empty or foreign body).
 * For the "server message, else a default text" rule of SPEC.md section 8.
 */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const message = isRecord(error.body) ? error.body.message : undefined;
  if (typeof message === 'string' && message.trim()) return message;
  // A proxy's own 502/503/504 page (or an empty body): still "try again in a moment", not a bug.
  return isRetryLater(error) ? text().retryLater : null;
}

/**
 * The server (or a dependency behind it: the database, the disk, the bucket) cannot take the request
 * now, and the same request will likely work in a moment: keep what the user typed and say so.
 */
export function isRetryLater(error: unknown): boolean {
  return isApiError(error) && RETRY_LATER.has(error.status);
}
const RETRY_LATER = new Set([502, 503, 504, 507]);

const TEXTS: Record<
  Language,
  Record<'noToken' | 'sessionExpired' | 'network' | 'retryLater', string> & {
    failed: (status: number) => string;
    notJson: (type: string) => string;
  }
> = {
  ar: {
    noToken: 'يجب تسجيل الدخول، ولم يُعثر على رمز الدخول',
    sessionExpired: 'انتهت الجلسة. يرجى تسجيل الدخول مرة أخرى.',
    network: 'تعذّر الاتصال بالخادم. تحقق من اتصالك وحاول مجددًا.',
    retryLater: 'الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات.',
    failed: (status) => `فشل الطلب برمز الحالة ${status}`,
    notJson: (type) => `كان متوقعًا استجابة JSON لكن وصل ${type}`,
  },
  en: {
    noToken: 'Authentication required, but no token found',
    sessionExpired: 'Session expired. Please log in again.',
    network: 'Could not reach the server. Check your connection and try again.',
    retryLater: 'The service is unavailable for a moment; try again shortly.',
    failed: (status) => `Request failed with status ${status}`,
    notJson: (type) => `Expected JSON response but received ${type}`,
  },
};
const text = () => TEXTS[currentLanguage()];

const UNSAFE = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 401 from these means wrong credentials, not a stale access token: never refresh for them. */
const NO_REFRESH_PATHS = [
  '/api/auth/login',
  '/api/auth/passkeys/login',
  '/api/auth/mfa/verify',
  '/api/auth/refresh',
];
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readCookie(name: string): string | null {
  // Server rendering: no document, and the requests it makes are anonymous GETs.
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

interface Prepared {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | FormData | undefined;
}

function prepare(path: string, options: RequestOptions, token: string | null, accept: string): Prepared {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': currentLanguage() };
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  Object.assign(headers, options.headers);
  return { url: buildUrl(path, options.query), method, headers, body };
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const index = line.indexOf(':');
    if (index > 0) headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
  }
  return headers;
}

/** XMLHttpRequest transport: the only browser API that reports upload progress. */
function sendWithProgress(request: Prepared, options: RequestOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.responseType = 'arraybuffer';
    for (const [key, value] of Object.entries(request.headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent:
          event.lengthComputable && event.total > 0 ? Math.round((event.loaded / event.total) * 100) : null,
      });
    };
    xhr.onload = () => {
      const noBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(
        new Response(noBody ? null : (xhr.response as ArrayBuffer), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The request was aborted', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) return xhr.abort();
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(request.body ?? null);
  });
}

/** Where requests go while the server renders a page (entry-server.tsx): in-process, never the network. */
export type ServerTransport = (request: {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
}) => Promise<Response>;
let serverTransport: ServerTransport | null = null;

/** Server rendering only: sends every request of this process through `transport`. */
export function setServerTransport(transport: ServerTransport) {
  serverTransport = transport;
}

async function send(request: Prepared, options: RequestOptions): Promise<Response> {
  try {
    if (serverTransport) return await serverTransport(request);
    const response = options.onProgress
      ? await sendWithProgress(request, options)
      : await fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          credentials: 'same-origin',
          signal: options.signal,
          keepalive: options.keepalive,
        });
    // Every answer says which build its server runs (lib/app-build.ts).
    noteServerBuild(response.headers.get(BUILD_HEADER));
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(text().network, 0, { code: 'NETWORK_ERROR' });
  }
}

async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text().catch(() => '');
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message ? body.message : undefined;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  return new ApiError(message ?? text().failed(response.status), response.status, { code, body });
}

/** The `code` of an error answer, read from a copy so the answer itself can still be read. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  const body = await readBody(response.clone());
  return isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
}

let csrfRequest: Promise<void> | null = null;

/** GET /api/health, which sets the XSRF-TOKEN cookie. Called at start-up; a failure is only logged. */
export function initCsrf(): Promise<void> {
  csrfRequest ??= fetch('/api/health', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then(async (response) => {
      if (!response.ok) console.warn(`CSRF cookie request answered ${response.status}`);
      noteServerBuild(response.headers.get(BUILD_HEADER));
      // Read the small body to the end: an unread one keeps the request open in the browser.
      await response.text();
    })
    .catch((error: unknown) => console.warn('CSRF cookie request failed', error))
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

let refreshRequest: Promise<string> | null = null;

/**
 * One shared refresh however many calls ask at once: POST /api/auth/refresh with the stored refresh
 * token. When the server refuses (or there is no refresh token) the session ends and the error is
 * 'Session expired'. An unreachable server keeps the session (the next call tries again).
 */
export function refreshSession(): Promise<string> {
  refreshRequest ??= runRefresh().finally(() => {
    refreshRequest = null;
  });
  return refreshRequest;
}

async function runRefresh(): Promise<string> {
  const expired = () => {
    endSession('expired');
    return new ApiError(text().sessionExpired, 401, { code: 'SESSION_EXPIRED' });
  };
  const { refreshToken } = getTokens();
  if (!refreshToken) throw expired();
  if (!readCookie(CSRF_COOKIE)) await initCsrf();
  const request = prepare(
    '/api/auth/refresh',
    { method: 'POST', body: { refreshToken } },
    null,
    'application/json',
  );
  const response = await send(request, {});
  if (!response.ok) throw expired();
  const body = await readBody(response);
  if (!isRecord(body) || typeof body.accessToken !== 'string' || !body.accessToken) throw expired();
  setTokens({
    accessToken: body.accessToken,
    refreshToken: typeof body.refreshToken === 'string' ? body.refreshToken : refreshToken,
  });
  return body.accessToken;
}

/** Sends the request with the rules above and returns the successful Response, or throws ApiError. */
async function execute(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const tokens = getTokens();
  if (options.auth && !tokens.accessToken)
    throw new ApiError(text().noToken, 401, { code: 'UNAUTHENTICATED' });
  if (UNSAFE.has(options.method ?? 'GET') && !readCookie(CSRF_COOKIE)) await initCsrf();

  let response = await send(prepare(path, options, tokens.accessToken, accept), options);
  const hadSession = Boolean(tokens.accessToken || tokens.refreshToken);
  // An ended session cannot be refreshed (its refresh token ended with it): sign-in again, at once.
  if (response.status === 401 && hadSession && (await errorCodeOf(response)) === 'SESSION_REVOKED') {
    const error = await toApiError(response);
    endSession('revoked');
    throw error;
  }
  if (response.status === 401 && hadSession && !NO_REFRESH_PATHS.includes(path.split('?')[0]!)) {
    const accessToken = await refreshSession();
    response = await send(prepare(path, options, accessToken, accept), options);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** JSON in, JSON out. Resolves to undefined for 204; a successful non-JSON answer is an error. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await execute(path, options, 'application/json');
  if (response.status === 204 || response.status === 205) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (!/[/+]json\b/i.test(type)) {
    throw new ApiError(text().notJson(type || 'no content type'), response.status, {
      body: await readBody(response),
    });
  }
  return (await response.json()) as T;
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), if any. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain parameter */
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/.exec(header);
  return plain?.[2]?.trim() ?? null;
}

/** A binary answer (a PDF, a document) with the same request rules as apiRequest. */
export async function apiBlob(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await execute(path, options, '*/*');
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('content-disposition')),
  };
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads `path` and saves it under the server's file name, else `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string, options: RequestOptions = {}) {
  const { blob, filename } = await apiBlob(path, options);
  saveBlob(blob, filename ?? fallbackName);
}
