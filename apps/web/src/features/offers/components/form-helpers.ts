import { useEffect, useState } from 'react';
import { latinDigits } from '@/lib/digits';

/** The optional amount field: empty is no amount; separators are ignored; anything else a number. */
export function amountValue(raw: unknown): number | null {
  if (raw === null || raw === undefined) return null;
  const text = latinDigits(String(raw)).replace(/[\s,٬_]/g, '');
  return text === '' ? null : Number(text);
}

/** Whole seconds left until `deadline` (ms since the epoch), re-rendering every quarter second until 0. */
export function useSecondsUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setNow(Date.now());
    tick();
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 75 → "1:15". */
export function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
