/**
 * Noticing a deploy while a tab stays open (docs/API.md "Conventions", `X-App-Build`). The page names
 * the build it was made from (`<meta name="safqa-build">`, written by the web build); every API answer
 * names the build its server serves. When they differ the tab is old: it keeps working (old hashed
 * files stay served), and the layout offers a reload instead of reloading by itself, so nothing being
 * typed is lost. A tab that makes no API calls checks when it is shown again, at most once a minute.
 */
export const BUILD_HEADER = 'x-app-build';
const FOCUS_CHECK_EVERY_MS = 60_000;

let newBuild = false;
const listeners = new Set<() => void>();

function pageBuild(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="safqa-build"]')?.content || null;
}

/** Called with the header of every API answer; null (no header: an old server, a proxy's page) says nothing. */
export function noteServerBuild(serverBuild: string | null) {
  if (newBuild || !serverBuild) return;
  const own = pageBuild();
  if (!own || own === serverBuild) return;
  newBuild = true;
  for (const listener of listeners) listener();
}

export function isNewBuildAvailable(): boolean {
  return newBuild;
}

export function subscribeToNewBuild(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks the server which build it serves whenever the tab is shown or focused again (no more than
 * once a minute); returns the function that stops.
 */
export function checkBuildOnReturn(): () => void {
  let lastCheck = 0;
  const check = () => {
    if (newBuild || document.visibilityState !== 'visible') return;
    if (Date.now() - lastCheck < FOCUS_CHECK_EVERY_MS && lastCheck !== 0) return;
    lastCheck = Date.now();
    void fetch('/api/health', { cache: 'no-store', credentials: 'same-origin' })
      .then(async (response) => {
        noteServerBuild(response.headers.get(BUILD_HEADER));
        await response.body?.cancel();
      })
      .catch(() => undefined);
  };
  document.addEventListener('visibilitychange', check);
  window.addEventListener('focus', check);
  return () => {
    document.removeEventListener('visibilitychange', check);
    window.removeEventListener('focus', check);
  };
}

/**
 * Whether a form on the page holds something the user typed or chose (a field that differs from the
 * value it was rendered with). react-hook-form's fields are uncontrolled and so seen; a controlled
 * field is not (React keeps its default in step with its value).
 */
export function hasUnsavedInput(root: ParentNode = document): boolean {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'form input, form textarea, form select',
  )) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) return true;
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) return true;
    } else if (!['hidden', 'submit', 'button', 'reset', 'file'].includes(field.type)) {
      if (field.value !== field.defaultValue) return true;
    }
  }
  return false;
}
