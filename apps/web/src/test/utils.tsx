import type { ReactElement } from 'react';
import { render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import i18n from 'i18next';
import type { Language } from '@safqa/shared/constants';
import { createQueryClient } from '@/lib/query-client';

/** Switches the test page to `lng` the way the app does (<html lang dir> and i18next). */
export async function setLanguage(lng: Language) {
  document.documentElement.lang = lng;
  document.documentElement.dir = lng === 'ar' ? 'rtl' : 'ltr';
  await i18n.changeLanguage(lng);
}

/** A query client with the app's defaults but no retries, so failures show at once. */
export function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  return client;
}

/** Renders `ui` at `path` inside a memory router and a fresh query client. */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    routes = [],
    client = testQueryClient(),
    initialEntry,
  }: {
    path?: string;
    routes?: RouteObject[];
    client?: ReturnType<typeof testQueryClient>;
    initialEntry?: string;
  } = {},
) {
  const router = createMemoryRouter([{ path, element: ui }, ...routes], {
    initialEntries: [initialEntry ?? path],
  });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

/**
 * The toast on screen whose text contains `text` (components/ui/sonner-toasts.tsx): its role is
 * 'status', or 'alert' for a destructive one, and `data-variant` names its variant. Needs a <Toaster />.
 */
export function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast] [data-variant]')].find(
      (toast) => toast.textContent?.includes(text),
    );
    if (!found) throw new Error(`No toast says "${text}"`);
    return found;
  });
}

/** A fetch Response with a JSON body. */
export function jsonResponse(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

/** An unsigned JWT carrying `claims` (the client never verifies signatures). */
export function fakeJwt(claims: Record<string, unknown>) {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
