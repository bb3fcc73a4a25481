import { useCallback, useState, type Ref } from 'react';

type TextControl = HTMLInputElement | HTMLTextAreaElement;
type Control = TextControl | HTMLSelectElement;

/** The input types whose value is what the user typed (a checkbox's value is not its state). */
const TYPED = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number']);
/** The input types whose state is `checked`. */
const CHECKABLE = new Set(['radio', 'checkbox']);

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

/**
 * A select the user changed while it was server HTML: its value is not the one it was rendered with,
 * which is one of its options. A select the browser rendered itself either shows its value already or
 * cannot (its options are still loading, so the value is none of them): neither is a user's choice.
 * React keeps no value of its own for a select: the `change` a choice sends is all it needs.
 */
function announceChosen(select: HTMLSelectElement, expected: string) {
  if (select.multiple || select.value === expected) return;
  if (![...select.options].some((option) => option.value === expected)) return;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * The same for a radio button or checkbox the user ticked: React watches `checked` through the
 * element's own setter and hears of it by the click that ticking sends (a plain Event: a MouseEvent
 * would tick it again). A radio the user's choice unticked is left alone: the one they ticked says it.
 */
function announceTicked(control: HTMLInputElement, expected: boolean) {
  const ticked = control.checked;
  if (ticked === expected || (control.type === 'radio' && !ticked)) return;
  control.checked = expected;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(control, ticked);
  control.dispatchEvent(new Event('click', { bubbles: true }));
}

/** Controls already looked at: a caller's new ref each render attaches the same element again. */
const checked = new WeakSet<Element>();

function setRef<T>(ref: Ref<T> | undefined, element: T | null) {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}

/**
 * For a controlled field of a server-rendered page. Hydration keeps the text a quick user typed, the
 * option they chose or the box they ticked before the app answered, but the component's state never heard of it: the
 * next render would undo it, and a form sent meanwhile (public/boot.js replays it) would go without
 * it. When the control is first attached, a field whose value differs from the `value` it was
 * rendered with reports it through its own onChange. A field the browser rendered itself matches (or,
 * for a select whose options are loading, cannot), so this does nothing there. Answers the ref to give
 * the control, joined with the caller's own.
 */
export function useInputBeforeHydration<T extends Control>(
  props: { value?: unknown; checked?: unknown },
  ref?: Ref<T>,
) {
  const [rendered] = useState(props.value);
  const [renderedChecked] = useState(props.checked);
  return useCallback(
    (element: T | null) => {
      setRef(ref, element);
      if (!element || checked.has(element)) return;
      checked.add(element);
      if (element instanceof HTMLInputElement && CHECKABLE.has(element.type)) {
        if (typeof renderedChecked === 'boolean') announceTicked(element, renderedChecked);
        return;
      }
      if (typeof rendered !== 'string' && typeof rendered !== 'number') return;
      if (element instanceof HTMLSelectElement) return announceChosen(element, String(rendered));
      if (element instanceof HTMLInputElement && !TYPED.has(element.type)) return;
      if (element.value !== String(rendered)) announceTyped(element, String(rendered));
    },
    [ref, rendered, renderedChecked],
  );
}
