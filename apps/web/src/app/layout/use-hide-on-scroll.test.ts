import { describe, expect, it } from 'vitest';
import { nextScrollState, type ScrollState } from './use-hide-on-scroll';

const run = (positions: number[], start: ScrollState = { visible: true, lastY: 0 }) =>
  positions.reduce<ScrollState[]>((states, y) => [...states, nextScrollState(states.at(-1) ?? start, y)], []);

describe('navbar visibility while scrolling', () => {
  it('hides after scrolling down at least 20 px and shows after scrolling up at least 20 px', () => {
    const states = run([100, 60, 40]);
    expect(states.map((s) => s.visible)).toEqual([false, true, true]);
  });

  it('ignores moves under 20 px in either direction', () => {
    const states = run([19, 10, 100, 119, 101, 82]);
    expect(states.map((s) => s.visible)).toEqual([true, true, false, false, false, false]);
  });

  it('counts a move from the last position that changed something', () => {
    // 100 hides; 110, 115 are within 20 px of 100 and change nothing; 121 is 21 past 100.
    const states = run([100, 110, 115, 121, 101]);
    expect(states.map((s) => s.lastY)).toEqual([100, 100, 100, 121, 101]);
    expect(states.at(-1)!.visible).toBe(true);
  });

  it('always shows under 5 px from the top', () => {
    expect(nextScrollState({ visible: false, lastY: 30 }, 4)).toEqual({ visible: true, lastY: 4 });
    expect(nextScrollState({ visible: false, lastY: 10 }, 5).visible).toBe(false);
  });
});
