import { useEffect, useRef } from 'react';

/** A button that turns into Confirm and Cancel in its place, the focus following (not dropped on the body). */
export function useConfirmFocus(confirming: boolean) {
  const ask = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) confirm.current?.focus();
    else if (asked.current) ask.current?.focus();
    asked.current ||= confirming;
  }, [confirming]);
  return { ask, confirm };
}
