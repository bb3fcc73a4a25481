import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, jsonResponse } from '@/test/utils';
import { REFRESH_LEAD_MS, REFRESH_RETRY_MS, startSilentRefresh } from './silent-refresh';
import { getTokens, onSessionEnd, setTokens } from './session';

const expiringIn = (ms: number) =>
  fakeJwt({ sub: '7', role: 'owner', exp: Math.floor((Date.now() + ms) / 1000) });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
  document.cookie = 'XSRF-TOKEN=test.csrf';
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function refreshAnswers(...answers: (() => Response | Promise<Response>)[]) {
  for (const answer of answers) fetchMock.mockImplementationOnce(async () => answer());
}
const refreshCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh');

describe('startSilentRefresh', () => {
  it('refreshes one minute before expiry, then again before the new token expires', async () => {
    setTokens({ accessToken: expiringIn(15 * 60_000), refreshToken: 'r1' });
    const second = expiringIn(30 * 60_000);
    refreshAnswers(
      () => jsonResponse({ accessToken: second, refreshToken: 'r2' }),
      () => jsonResponse({ accessToken: expiringIn(60 * 60_000), refreshToken: 'r3' }),
    );
    stop = startSilentRefresh();

    await vi.advanceTimersByTimeAsync(15 * 60_000 - REFRESH_LEAD_MS - 1000);
    expect(refreshCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshCalls()).toHaveLength(1);
    const [, init] = refreshCalls()[0]!;
    expect(JSON.parse(init?.body as string)).toEqual({ refreshToken: 'r1' });
    expect(getTokens()).toEqual({ accessToken: second, refreshToken: 'r2' });

    // The new token lives 30 minutes from the start: the next refresh comes a minute before that.
    await vi.advanceTimersByTimeAsync(15 * 60_000 - 1000);
    expect(refreshCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshCalls()).toHaveLength(2);
    expect(JSON.parse(refreshCalls()[1]![1]?.body as string)).toEqual({ refreshToken: 'r2' });
  });

  it('refreshes at once when less than a minute is left, or the token has already expired', async () => {
    setTokens({ accessToken: expiringIn(-5 * 60_000), refreshToken: 'r1' });
    refreshAnswers(() => jsonResponse({ accessToken: expiringIn(15 * 60_000), refreshToken: 'r2' }));
    stop = startSilentRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls()).toHaveLength(1);
    expect(getTokens().refreshToken).toBe('r2');
  });

  it('ends the session when the server refuses, and stops refreshing', async () => {
    const ended = vi.fn();
    const off = onSessionEnd(ended);
    setTokens({ accessToken: expiringIn(30_000), refreshToken: 'stolen-and-rotated' });
    refreshAnswers(() => jsonResponse({ code: 'SESSION_EXPIRED', message: 'x' }, { status: 401 }));
    stop = startSilentRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toHaveBeenCalledWith('expired');
    expect(getTokens()).toEqual({ accessToken: null, refreshToken: null });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(refreshCalls()).toHaveLength(1);
    off();
  });

  it('keeps the session after a network failure and tries again later', async () => {
    setTokens({ accessToken: expiringIn(30_000), refreshToken: 'r1' });
    refreshAnswers(
      () => Promise.reject(new TypeError('offline')),
      () => jsonResponse({ accessToken: expiringIn(15 * 60_000), refreshToken: 'r2' }),
    );
    stop = startSilentRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls()).toHaveLength(1);
    expect(getTokens().refreshToken).toBe('r1');
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(refreshCalls()).toHaveLength(2);
    expect(getTokens().refreshToken).toBe('r2');
  });

  it('does nothing while signed out, and follows a sign-in made later', async () => {
    stop = startSilentRefresh();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fetchMock).not.toHaveBeenCalled();
    refreshAnswers(() => jsonResponse({ accessToken: expiringIn(15 * 60_000), refreshToken: 'r2' }));
    setTokens({ accessToken: expiringIn(2 * 60_000), refreshToken: 'r1' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refreshCalls()).toHaveLength(1);
  });
});
