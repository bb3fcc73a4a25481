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

/**
 * One submit of a human-checked form: waits for the proof of work (`take`), calls `onMissing` when
 * there is none (the widget failed or the visitor has not solved it), else `send(token)`; the widget
 * is reset once the request has answered, whatever the answer, since a token is good for one request.
 * `pending` covers the proof of work and the form's own request.
 */
export function useHumanCheckedSubmit({
  requestPending,
  onMissing,
}: {
  requestPending: boolean;
  onMissing: () => void;
}) {
  const humanCheck = useHumanCheck();
  const submitWith = async (send: (token: string) => Promise<void>) => {
    const token = await humanCheck.take();
    if (!token) {
      onMissing();
      return;
    }
    try {
      await send(token);
    } finally {
      humanCheck.reset();
    }
  };
  return { humanCheck, submitWith, pending: requestPending || humanCheck.solving };
}
