import { useImperativeHandle, useState, type Ref } from 'react';

/**
 * Stands in for the ALTCHA widget in component tests (jsdom cannot run its proof of work): a button
 * that "solves" the check with the token `solved-<n>`, and a reset that clears it, as the real one.
 * `solve()` (what a submit awaits) answers the current token, or, when `proofOfWork.pending` holds a
 * promise, what it resolves to: a proof of work still running when the visitor pressed submit.
 * Use: vi.mock('@/components/human-check', () => import('@/test/fake-human-check')).
 */
export interface HumanCheckHandle {
  reset(): void;
  solve(): Promise<string | null>;
}

export const resets = { count: 0 };
export const proofOfWork: { pending: Promise<string | null> | null } = { pending: null };

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
    solve: async () => {
      if (solved > 0) return `solved-${solved}`;
      if (!proofOfWork.pending) return null;
      const token = await proofOfWork.pending;
      proofOfWork.pending = null;
      onVerify(token);
      return token;
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
