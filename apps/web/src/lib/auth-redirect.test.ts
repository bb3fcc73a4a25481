import { describe, expect, it } from 'vitest';
import { loginPathFor, loginReason, redirectTarget, safeRedirect } from './auth-redirect';

describe('login redirects', () => {
  it('keep the original location in ?redirect=', () => {
    expect(loginPathFor({ pathname: '/profile/chats/4', search: '?x=1', hash: '#end' })).toBe(
      `/login?redirect=${encodeURIComponent('/profile/chats/4?x=1#end')}`,
    );
    expect(loginPathFor({ pathname: '/' })).toBe('/login');
  });

  it('read ?redirect= first, then state.from, else the fallback', () => {
    expect(redirectTarget('?redirect=%2Ffavorites', { from: { pathname: '/profile' } })).toBe('/favorites');
    expect(redirectTarget('', { from: { pathname: '/profile', search: '?tab=security' } })).toBe(
      '/profile?tab=security',
    );
    expect(redirectTarget('', null, '/admin')).toBe('/admin');
  });

  it('never leave the site', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(target)).toBe('/');
      expect(redirectTarget(`?redirect=${encodeURIComponent(target)}`, null)).toBe('/');
    }
  });

  it('say why the visitor must sign in: the advisors of a listing, any other page, or nothing', () => {
    expect(loginReason('/opportunities/12/advisors')).toBe('advisors');
    expect(loginReason('/opportunities/12/advisors?sort=newest')).toBe('advisors');
    expect(loginReason('/opportunities/12/advisorsx')).toBe('page');
    expect(loginReason('/profile/chats/4')).toBe('page');
    expect(loginReason('')).toBeNull();
  });
});
