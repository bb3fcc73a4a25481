import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  getUnreadCount,
  raiseUnreadCount,
  resetUnreadCount,
  setUnreadCount,
  subscribeUnreadCount,
  useUnreadCount,
} from './unread-count';

afterEach(() => resetUnreadCount());

describe('unread chat count', () => {
  it('starts at 0, is replaced by setUnreadCount and reset to 0', () => {
    expect(getUnreadCount()).toBe(0);
    setUnreadCount(5);
    setUnreadCount(2);
    expect(getUnreadCount()).toBe(2);
    resetUnreadCount();
    expect(getUnreadCount()).toBe(0);
  });

  it('takes the larger of old and new on a new message', () => {
    setUnreadCount(4);
    raiseUnreadCount(3);
    expect(getUnreadCount()).toBe(4);
    raiseUnreadCount(6);
    expect(getUnreadCount()).toBe(6);
  });

  it('ignores nonsense values', () => {
    setUnreadCount(-2);
    expect(getUnreadCount()).toBe(0);
    setUnreadCount(Number.NaN);
    expect(getUnreadCount()).toBe(0);
  });

  it('notifies subscribers only on change, and re-renders the hook', () => {
    const listener = vi.fn();
    const stop = subscribeUnreadCount(listener);
    setUnreadCount(1);
    setUnreadCount(1);
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
    const { result } = renderHook(() => useUnreadCount());
    expect(result.current).toBe(1);
    act(() => setUnreadCount(9));
    expect(result.current).toBe(9);
  });
});
