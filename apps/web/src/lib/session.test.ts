import { describe, expect, it, vi } from 'vitest';
import { fakeJwt, inOneHour } from '@/test/utils';
import {
  clearTokens,
  decode,
  endSession,
  getSessionUser,
  getTokens,
  isTokenValid,
  msUntilExpiry,
  onSessionEnd,
  setTokens,
  subscribeSession,
  userFromToken,
} from './session';

describe('tokens in localStorage', () => {
  it('are stored under `token` and `refreshToken`', () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    expect(localStorage.getItem('token')).toBe('a');
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(getTokens()).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });

  it('keep the refresh token when a new access token comes without one', () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    setTokens({ accessToken: 'b' });
    expect(getTokens()).toEqual({ accessToken: 'b', refreshToken: 'r' });
  });

  it('are both removed by clearTokens', () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    clearTokens();
    expect(getTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(localStorage.length).toBe(0);
  });

  it('notify subscribers on every change, and stop after unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setTokens({ accessToken: 'a' });
    clearTokens();
    unsubscribe();
    setTokens({ accessToken: 'b' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('notify subscribers when another tab changes them', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('decode', () => {
  it('reads the payload of a JWT, including non-ASCII claims', () => {
    const token = fakeJwt({ sub: '7', role: 'admin', exp: 100, name: 'سارة' });
    expect(decode(token)).toEqual({ sub: '7', role: 'admin', exp: 100, name: 'سارة' });
  });

  it.each([null, undefined, '', 'abc', 'a.b', 'a.!!!.c', `x.${btoa('"text"')}.y`, `x.${btoa('[1]')}.y`])(
    'returns null for %j',
    (token) => {
      expect(decode(token)).toBeNull();
    },
  );
});

describe('isTokenValid', () => {
  const now = Date.UTC(2024, 0, 1);
  it('is true before exp and false at or after it', () => {
    const exp = now / 1000 + 60;
    expect(isTokenValid(fakeJwt({ exp }), now)).toBe(true);
    expect(isTokenValid(fakeJwt({ exp }), exp * 1000)).toBe(false);
    expect(isTokenValid(fakeJwt({ exp }), exp * 1000 + 1)).toBe(false);
  });

  it('is false without an exp claim or for garbage', () => {
    expect(isTokenValid(fakeJwt({ sub: '1' }), now)).toBe(false);
    expect(isTokenValid(fakeJwt({ exp: 'soon' }), now)).toBe(false);
    expect(isTokenValid('not-a-jwt', now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });

  it('msUntilExpiry counts down to exp', () => {
    expect(msUntilExpiry(fakeJwt({ exp: now / 1000 + 90 }), now)).toBe(90_000);
    expect(msUntilExpiry(fakeJwt({}), now)).toBeNull();
  });
});

describe('the signed-in user', () => {
  it('comes from a valid token: id from sub, role admin or owner', () => {
    expect(userFromToken(fakeJwt({ sub: '12', role: 'admin', exp: inOneHour() }))).toEqual({
      id: 12,
      role: 'admin',
    });
    expect(userFromToken(fakeJwt({ sub: '12', role: 'owner', exp: inOneHour() }))).toEqual({
      id: 12,
      role: 'owner',
    });
    expect(userFromToken(fakeJwt({ sub: '12', role: 'root', exp: inOneHour() }))).toEqual({
      id: 12,
      role: 'owner',
    });
  });

  it('is null for an expired token or a token without a user id', () => {
    expect(userFromToken(fakeJwt({ sub: '12', role: 'admin', exp: 1 }))).toBeNull();
    expect(userFromToken(fakeJwt({ sub: 'abc', exp: inOneHour() }))).toBeNull();
    expect(userFromToken(fakeJwt({ sub: '0', exp: inOneHour() }))).toBeNull();
  });

  it('is read from storage by getSessionUser', () => {
    expect(getSessionUser()).toBeNull();
    setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    expect(getSessionUser()).toEqual({ id: 3, role: 'owner' });
  });
});

describe('endSession', () => {
  it('clears the tokens and tells listeners why, once per session', () => {
    const listener = vi.fn();
    const unsubscribe = onSessionEnd(listener);
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    endSession('expired');
    endSession('expired');
    unsubscribe();
    expect(getTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith('expired');
  });

  it('does not notify when nobody was signed in', () => {
    const listener = vi.fn();
    const unsubscribe = onSessionEnd(listener);
    endSession('logout');
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
  });
});
