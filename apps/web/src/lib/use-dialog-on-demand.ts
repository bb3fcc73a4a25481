import { lazy, useMemo, useRef, useState, type ComponentType } from 'react';

/**
 * A button that opens a dialog whose code is fetched on demand: `load` runs when the button is
 * pointed at, focused or touched (so the dialog is usually there by the click), and the dialog is
 * mounted from the first opening on (`wanted`), so closing keeps its exit handling. `opener` is the
 * button, to focus again on close: the dialog has no Dialog.Trigger to go back to.
 *
 * Render `Dialog` inside `<OnDemandBoundary attempt={attempt} onFailed={failed}>`: when its code cannot
 * be fetched, the page stays as it is and the next click fetches it again (a new lazy component, as
 * React keeps a failed one failed).
 */
export function useDialogOnDemand<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const opener = useRef<HTMLButtonElement>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new attempt is what asks for a new component
  const Dialog = useMemo(() => lazy(load), [load, attempt]);
  const prefetch = () => void load().catch(() => {}); // a failure shows when the dialog is asked for
  return {
    open,
    setOpen,
    wanted,
    opener,
    Dialog,
    attempt,
    failed: () => {
      setOpen(false);
      setWanted(false);
      setAttempt((n) => n + 1);
    },
    triggerProps: {
      ref: opener,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onTouchStart: prefetch,
      onClick: () => {
        setWanted(true);
        setOpen(true);
      },
    },
  };
}
