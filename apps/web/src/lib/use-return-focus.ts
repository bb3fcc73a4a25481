import { useRef, type RefObject } from 'react';

/**
 * Focus back where it was when a Radix dialog opened, for a dialog opened by the page's own state
 * rather than a `Dialog.Trigger`: Radix returns the focus to its trigger, and without one it lands on
 * the body, so a keyboard or screen-reader user starts again from the top of the page. Spread the
 * result on `Dialog.Content` / `AlertDialog.Content`. An opener that is gone by then (the deleted row's
 * button) leaves Radix's default. On opening, the focus goes to the dialog's first field (see
 * `focusFirstField`) rather than its close button. `opener`: the page's own button, when the dialog may mount after the
 * click (code fetched on demand, lib/use-dialog-on-demand.ts) and so cannot see who opened it.
 */
export function useReturnFocus(opener?: RefObject<HTMLElement | null>) {
  const focused = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Radix calls this on opening, before it moves the focus into the dialog.
      focused.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      focusFirstField(event);
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener?.current ?? focused.current;
      focused.current = null;
      if (!element?.isConnected || element === document.body) return;
      event.preventDefault();
      element.focus();
    },
  };
}

const FIELD =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [role="radio"]:not([disabled])';

/**
 * A dialog with a form opens on its first field, not on the close button that comes first in its
 * markup (Radix focuses the first focusable element): the user came to fill it in. Dialogs without a
 * field keep Radix's choice. For `onOpenAutoFocus` of a Radix dialog's content.
 */
export function focusFirstField(event: Event) {
  const content = event.target instanceof HTMLElement ? event.target : null;
  const field = content?.querySelector<HTMLElement>(FIELD);
  if (!field) return;
  event.preventDefault();
  field.focus();
}
