import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { directionOf } from '@/lib/language';
import { DirectionProvider } from 'radix-ui/direction';
import { HydrationSlice } from '@/components/hydration-slice';
import { PageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { afterHydration } from '@/lib/after-hydration';
import { trackPageView } from '@/lib/analytics';
import { useSilentRefresh } from '@/lib/silent-refresh';
import { useSession } from '@/lib/use-session';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { NewBuildNotice } from './new-build-notice';
import { useSessionEnd } from './use-session-end';

// The chat's event stream exists only for members: a visitor's first download leaves it out.
const ChatLiveConnection = lazy(() =>
  import('@/features/chat/components/chat-live-connection').then((m) => ({ default: m.ChatLiveConnection })),
);

/**
 * The live chat connection while signed in. useSession reads "signed out" (or pending) while a server
 * page hydrates, so this is never part of hydration: it mounts in the update that follows.
 */
function LiveConnectionWhenSignedIn() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return null;
  return (
    <Suspense fallback={null}>
      <ChatLiveConnection />
    </Suspense>
  );
}

/** Skip link, fixed navbar, the page (or the spinner while a lazy page downloads), footer, toasts. */
export function RootLayout() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const location = useLocation();
  const navigation = useNavigation();
  useSessionEnd();
  useSilentRefresh();

  // Measuring never delays the page: the page view is sent once the browser is idle. A path left
  // quickly still counts; only an unmounted app (a test's, a torn-down root) sends nothing late.
  const [pendingViews] = useState(() => new Set<() => void>());
  useEffect(() => {
    const cancel = afterHydration(() => {
      pendingViews.delete(cancel);
      trackPageView(location.pathname);
    });
    pendingViews.add(cancel);
  }, [location.pathname, pendingViews]);
  useEffect(
    () => () => {
      for (const cancel of pendingViews) cancel();
      pendingViews.clear();
    },
    [pendingViews],
  );

  const loadingPage = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  return (
    // Radix primitives (menus, tabs, sliders) read the reading direction from here.
    <DirectionProvider dir={directionOf(lng)}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-[60] rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
        >
          {t('common.skipToContent')}
        </a>
        <LiveConnectionWhenSignedIn />
        {/* Navbar, page and footer hydrate as separate boundaries (HydrationSlice), the navbar first. */}
        <HydrationSlice>
          <Navbar />
        </HydrationSlice>
        <main id="main" tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
          {/* A boundary the server rendered complete is hydrated after the shell, in slices that let
              the browser breathe (React hydrates it at a lower priority, yielding every few ms): a
              phone's main thread is never blocked for the whole page at once. */}
          <Suspense fallback={<PageSpinner />}>{loadingPage ? <PageSpinner /> : <Outlet />}</Suspense>
        </main>
        <HydrationSlice>
          <Footer />
        </HydrationSlice>
        <NewBuildNotice />
        {/* Inside the router, so a toast's action may be a <Link>. */}
        <Toaster />
        <ScrollRestoration />
      </div>
    </DirectionProvider>
  );
}
