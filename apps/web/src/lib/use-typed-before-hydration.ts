import { useCallback, useState, type Ref } from 'react';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** The input types whose value is what the user typed (a checkbox's value is not its state). */
const TYPED = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number']);

/**
 * Tells React of text the user typed into a control while it was still only server HTML, as if typed
 * now. React compares a control's value with the one it last saw (kept by the element's own `value`
 * setter): the value React expects goes in through that setter, the typed text back through the
 * prototype's, and the input event typing sends does the rest.
 */
function announceTyped(control: TextControl, expected: string) {
  const typed = control.value;
  control.value = expected;
  const prototype =
    control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, typed);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Controls already looked at: a caller's new ref each render attaches the same element again. */
const checked = new WeakSet<Element>();

function setRef<T>(ref: Ref<T> | undefined, element: T | null) {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}

/**
 * For a controlled text field of a server-rendered page. Hydration keeps the text a quick user typed
 * before the app answered, but the component's state never heard of it: the next render would wipe
 * it, and a form sent meanwhile (public/boot.js replays it) would go without it. When the control is
 * first attached, a field whose text differs from the `value` it was rendered with reports it through
 * its own onChange. A field the browser rendered itself always matches, so this does nothing there.
 * Answers the ref to give the control, joined with the caller's own.
 */
export function useTypedBeforeHydration<T extends TextControl>(value: unknown, ref?: Ref<T>) {
  const [rendered] = useState(value);
  return useCallback(
    (element: T | null) => {
      setRef(ref, element);
      if (!element || checked.has(element)) return;
      checked.add(element);
      if (typeof rendered !== 'string' && typeof rendered !== 'number') return;
      if (element instanceof HTMLInputElement && !TYPED.has(element.type)) return;
      if (element.value !== String(rendered)) announceTyped(element, String(rendered));
    },
    [ref, rendered],
  );
}
