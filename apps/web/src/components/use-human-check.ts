import { useRef, useState } from 'react';
import type { HumanCheckHandle } from './human-check';

/**
 * The human check of a form: props for <HumanCheck>, and `take()`, which a submit awaits for the
 * solution (waiting for the proof of work instead of refusing while the widget is still at it).
 */
export function useHumanCheck() {
  const ref = useRef<HumanCheckHandle>(null);
  const [token, setToken] = useState<string | null>(null);
  const [solving, setSolving] = useState(false);
  const take = async (): Promise<string | null> => {
    if (token) return token;
    setSolving(true);
    try {
      return (await ref.current?.solve()) ?? null;
    } finally {
      setSolving(false);
    }
  };
  const reset = () => {
    setToken(null);
    ref.current?.reset();
  };
  return { props: { ref, onVerify: setToken }, token, take, reset, solving };
}
