import { useRef, useState, type KeyboardEvent, type SelectHTMLAttributes } from 'react';
import { Select } from './select';

/** Keys that change a closed native select's value one option at a time, firing `change` on each. */
const STEP_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: string;
  /** The value the user settled on. */
  onCommit: (value: string) => void;
};

/**
 * A native select whose choice made with a pointer (or the opened list) applies at once, but whose
 * keyboard stepping applies only when committed: Enter, or leaving the field. Arrowing through a
 * closed select fires `change` for every option passed; a search on each ran a query and added a
 * history entry per option (WCAG 3.2.2, on input). Built on <Select>, so it looks like the others.
 */
export function CommitSelect({ value, onCommit, onKeyDown, onBlur, ...props }: Props) {
  const [pending, setPending] = useState<string | null>(null);
  const stepping = useRef(false);
  const commit = (next: string) => {
    setPending(null);
    if (next !== value) onCommit(next);
  };
  return (
    <Select
      {...props}
      value={pending ?? value}
      onKeyDown={(event: KeyboardEvent<HTMLSelectElement>) => {
        onKeyDown?.(event);
        if (event.key === 'Enter') {
          stepping.current = false;
          if (pending !== null) {
            event.preventDefault();
            commit(pending);
          }
        } else {
          // Arrows and type-ahead letters step through the options of a closed select.
          stepping.current =
            STEP_KEYS.has(event.key) || (event.key.length === 1 && !event.ctrlKey && !event.metaKey);
        }
      }}
      onChange={(event) => {
        if (stepping.current) setPending(event.target.value);
        else commit(event.target.value);
      }}
      onBlur={(event) => {
        onBlur?.(event);
        stepping.current = false;
        if (pending !== null) commit(pending);
      }}
    />
  );
}
