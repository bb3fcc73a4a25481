import { api } from './api-client';
import { endSession, getTokens } from './session';

/**
 * SPEC.md section 4: POST /api/auth/logout with the refresh token, then the session ends whatever
 * the answer (tokens cleared; the app clears cached data and goes to /login).
 */
export async function logout(): Promise<void> {
  const { accessToken, refreshToken } = getTokens();
  try {
    if (accessToken && refreshToken) await api.post('/api/auth/logout', { refreshToken }, { auth: true });
  } catch (error) {
    console.warn('Logout request failed; signing out locally', error);
  } finally {
    endSession('logout');
  }
}
