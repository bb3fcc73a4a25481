import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadSonnerToasts } from './toast';

const SonnerToaster = lazy(() => loadSonnerToasts().then((toasts) => ({ default: toasts.SonnerToaster })));

const noSubscription = () => () => undefined;

/**
 * Where toasts appear. sonner (and with it the live region) arrives after hydration: the server's HTML
 * and the hydrating render have no toaster, so `/` does not load it first (decision 005) and the two
 * match. No toast is asked for before hydration; one asked for while sonner downloads waits for it.
 */
export function Toaster() {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
