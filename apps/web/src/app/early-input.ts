/**
 * Taps and form submits that public/boot.js held while the server-rendered page was not yet
 * interactive: replayed once React has hydrated, on the same elements (hydration keeps the server's
 * DOM nodes), so a quick tap on "Bookmark" or "Sign in" is not lost and no form submits natively.
 */
interface HeldInput {
  kind: 'click' | 'submit';
  target: Element;
}

declare global {
  interface Window {
    __safqaEarlyInput?: HeldInput[];
  }
}

export function replayEarlyInput(win: Window = window) {
  const held = win.__safqaEarlyInput?.splice(0) ?? [];
  for (const { kind, target } of held) {
    if (!target.isConnected) continue;
    if (kind === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
    else if (kind === 'click' && target instanceof HTMLElement && !(target as HTMLButtonElement).disabled)
      target.click();
  }
}
