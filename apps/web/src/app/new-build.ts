/**
 * A page's code that cannot be fetched usually means a deploy happened while the tab was open: the
 * HTML in the tab names chunks of the previous build, and a server that runs the new build (or a
 * process of a rolling deploy) answers 404 for them. Reloading the address fetches the new HTML and
 * the new chunks. When the network itself is down a reload would only trade our error screen for the
 * browser's, so the server is asked first; and one reload per address per minute stops a loop when
 * the build really is broken.
 */

/** What Chromium, Firefox and Safari throw for a failed `import()`, and what Vite's CSS preload throws. */
const MODULE_FETCH_FAILED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isModuleFetchError(error: unknown): boolean {
  return error instanceof Error && MODULE_FETCH_FAILED.test(error.message);
}

/** public/boot.js applies the same rule, with the same key, when the app's entry cannot be fetched. */
const STORAGE_KEY = 'safqa:new-build-reload';
const ONE_RELOAD_PER_MS = 60_000;

interface LastReload {
  address: string;
  at: number;
}

function lastReload(): LastReload | null {
  const stored = sessionStorage.getItem(STORAGE_KEY);
  if (!stored) return null;
  try {
    return JSON.parse(stored) as LastReload;
  } catch {
    return null;
  }
}

/**
 * Reloads the current address when that can help; resolves false when it cannot (the server does not
 * answer, this address was reloaded for the same reason a moment ago, or storage is unavailable, so a
 * loop could not be stopped), and the caller shows its error screen.
 */
export async function reloadForNewBuild(): Promise<boolean> {
  const address = window.location.pathname + window.location.search;
  try {
    const previous = lastReload();
    if (previous?.address === address && Date.now() - previous.at < ONE_RELOAD_PER_MS) return false;
    // Any answer, even a 503 while the database restarts, means the network is up.
    await fetch('/api/health', { cache: 'no-store' });
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ address, at: Date.now() } satisfies LastReload));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
