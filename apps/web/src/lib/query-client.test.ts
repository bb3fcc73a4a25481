import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, inOneHour, jsonResponse } from '@/test/utils';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetryQuery } from './query-client';
import { getTokens, onSessionEnd, setTokens } from './session';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
});
afterEach(() => vi.unstubAllGlobals());

describe('query defaults (SPEC.md section 9)', () => {
  it('stale 1 minute, no refetch on focus, mutations never retried', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(60_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('retries once, but never after a 401', () => {
    expect(shouldRetryQuery(0, new ApiError('x', 500))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('x', 500))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('x', 401))).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('boom'))).toBe(true);
  });

  it('fails a query without a queryFn, naming its key, and asks nothing of the API', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ data: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    await expect(
      createQueryClient().fetchQuery({ queryKey: ['/api/favorites', { page: 2 }], retry: false }),
    ).rejects.toThrow(/No queryFn for the query \["\/api\/favorites",\{"page":2\}\]/);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});

describe('a 401 logs the user out', () => {
  it('from a query', async () => {
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    setTokens({ accessToken: fakeJwt({ sub: '1', exp: inOneHour() }), refreshToken: 'r' });
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(new ApiError('nope', 401)) })
      .catch(() => undefined);
    stop();
    expect(ended).toHaveBeenCalledWith('expired');
    expect(getTokens().accessToken).toBeNull();
  });

  it('from a mutation, and not for other errors', async () => {
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    const client = createQueryClient();
    const run = (status: number) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(new ApiError('x', status)) })
        .execute(undefined)
        .catch(() => undefined);
    await run(500);
    await run(403);
    expect(ended).not.toHaveBeenCalled();
    await run(401);
    stop();
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
