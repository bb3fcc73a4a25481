import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React hydrates on its own (issue 26). React 19 hydrates each
 * Suspense boundary the server wrote complete separately, after the shell, at a priority that yields
 * to the browser between boundaries, and first the one a tap lands in: one boundary per independent
 * part (navbar, search form, results, gallery, a detail section, footer) keeps every hydration task
 * short on a slow phone. Nothing here suspends on a server-rendered page, so the fallback never shows
 * there; in the browser-rendered shell a part that does suspend keeps its own spinner or nothing.
 */
export function HydrationSlice({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
