import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse, setLanguage } from '@/test/utils';
import { PageErrorBoundary } from './error-screen';

let fetchMock: Mock<typeof fetch>;

function Crash(): never {
  throw new Error('Cannot read properties of undefined (reading "name")');
}

function renderCrash() {
  const router = createMemoryRouter(
    [{ path: '/', ErrorBoundary: PageErrorBoundary, children: [{ path: 'broken', Component: Crash }] }],
    { initialEntries: ['/broken'] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({}, { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('error screen', () => {
  it('shows the title, the message, collapsed technical details and Reload Page', async () => {
    renderCrash();
    expect(screen.getByRole('heading', { level: 1, name: 'حدث خطأ ما' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined (reading "name")')).toBeInTheDocument();
    const details = screen.getByText('التفاصيل التقنية').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(details.querySelector('pre')!.textContent).toContain('Crash');
    await userEvent.click(screen.getByText('التفاصيل التقنية'));
    expect(details).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'إعادة تحميل الصفحة' })).toBeInTheDocument();
  });

  it('is in English on English pages', async () => {
    await setLanguage('en');
    renderCrash();
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByText('Technical details')).toBeInTheDocument();
  });

  it('reloads the page from its button', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, pathname: '/broken' });
    renderCrash();
    await userEvent.click(screen.getByRole('button', { name: 'إعادة تحميل الصفحة' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('sends the crash to POST /api/error-logs once, with message, stack and path', async () => {
    renderCrash();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/error-logs')).toHaveLength(1),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/error-logs')!;
    const body = JSON.parse(String(init!.body)) as { message: string; stack: string; path: string };
    expect(body.message).toBe('Cannot read properties of undefined (reading "name")');
    expect(body.stack).toContain('Crash');
    expect(body.path).toBe(window.location.pathname);
    expect(init!.method).toBe('POST');
  });

  describe('a page whose code cannot be fetched (a deploy replaced it)', () => {
    const gone = () =>
      new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/faq-page-old.js');
    let reload: Mock<() => void>;

    function renderGonePage() {
      const router = createMemoryRouter(
        [
          {
            path: '/',
            ErrorBoundary: PageErrorBoundary,
            children: [{ path: 'faq', lazy: () => Promise.reject(gone()) }],
          },
        ],
        { initialEntries: ['/faq'] },
      );
      render(<RouterProvider router={router} />);
    }

    beforeEach(() => {
      sessionStorage.clear();
      reload = vi.fn();
      vi.stubGlobal('location', { ...window.location, reload, pathname: '/faq', search: '' });
    });

    it('reloads the address once the server answers, without an error screen or an error log', async () => {
      fetchMock.mockImplementation(async () => jsonResponse({ status: 'degraded' }, { status: 503 }));
      renderGonePage();
      expect(await screen.findByRole('status')).toBeInTheDocument();
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/health']);
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    });

    it('shows the error screen instead of reloading when the server does not answer', async () => {
      fetchMock.mockImplementation(async (url) =>
        url === '/api/health'
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse({}, { status: 202 }),
      );
      renderGonePage();
      expect(await screen.findByRole('heading', { level: 1, name: 'حدث خطأ ما' })).toBeInTheDocument();
      expect(reload).not.toHaveBeenCalled();
    });

    it('reloads an address once a minute at most, so a broken build shows the error screen', async () => {
      renderGonePage();
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      cleanup();
      renderGonePage();
      expect(await screen.findByRole('heading', { level: 1, name: 'حدث خطأ ما' })).toBeInTheDocument();
      expect(reload).toHaveBeenCalledTimes(1);
      await waitFor(() =>
        expect(fetchMock.mock.calls.filter(([url]) => url === '/api/error-logs')).toHaveLength(1),
      );
    });

    it('does not reload for a page that crashed while rendering', async () => {
      renderCrash();
      expect(await screen.findByRole('heading', { level: 1, name: 'حدث خطأ ما' })).toBeInTheDocument();
      expect(reload).not.toHaveBeenCalled();
      expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/health');
    });
  });
});
