import { useRef, useState } from 'react';

/**
 * A button that opens a dialog whose code is fetched on demand: `load` runs when the button is
 * pointed at, focused or touched (so the dialog is usually there by the click), and the dialog is
 * mounted from the first opening on (`wanted`), so closing keeps its exit handling. `opener` is the
 * button, to focus again on close: the dialog has no Dialog.Trigger to go back to.
 */
export function useDialogOnDemand(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const prefetch = () => void load();
  return {
    open,
    setOpen,
    wanted,
    opener,
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
