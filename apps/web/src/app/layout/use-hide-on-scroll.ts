import { useEffect, useState } from 'react';
import { NAVBAR } from '@safqa/shared/constants';

export interface ScrollState {
  visible: boolean;
  /** Scroll position at the last change of direction that counted. */
  lastY: number;
}

/**
 * SPEC.md section 2: shown near the top (under 5 px); otherwise a move of at least 20 px decides,
 * hidden going down and shown going up. Smaller moves (jitter, momentum) change nothing.
 */
export function nextScrollState(previous: ScrollState, y: number): ScrollState {
  if (y < NAVBAR.topPx)
    return previous.visible && previous.lastY === y ? previous : { visible: true, lastY: y };
  const delta = y - previous.lastY;
  if (Math.abs(delta) < NAVBAR.scrollThresholdPx) return previous;
  return { visible: delta < 0, lastY: y };
}

/** Whether the fixed navbar should show, following the page scroll (one update per frame at most). */
export function useHideOnScroll(): boolean {
  const [state, setState] = useState<ScrollState>(() => ({ visible: true, lastY: 0 }));
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setState((previous) => nextScrollState(previous, Math.max(0, window.scrollY)));
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return state.visible;
}
