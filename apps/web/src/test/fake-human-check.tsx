import { useImperativeHandle, useState, type Ref } from 'react';

/**
 * Stands in for the ALTCHA widget in component tests (jsdom cannot run its proof of work): a button
 * that "solves" the check with the token `solved-<n>`, and a reset that clears it, as the real one.
 * Use: vi.mock('@/components/human-check', () => import('@/test/fake-human-check')).
 */
export interface HumanCheckHandle {
  reset(): void;
}

export const resets = { count: 0 };

export function HumanCheck({
  onVerify,
  ref,
}: {
  onVerify: (token: string | null) => void;
  ref?: Ref<HumanCheckHandle>;
}) {
  const [solved, setSolved] = useState(0);
  useImperativeHandle(ref, () => ({
    reset: () => {
      resets.count += 1;
      setSolved(0);
      onVerify(null);
    },
  }));
  return (
    <button
      type="button"
      data-solved={solved > 0}
      onClick={() => {
        const next = solved + 1;
        setSolved(next);
        onVerify(`solved-${next}`);
      }}
    >
      solve human check
    </button>
  );
}
