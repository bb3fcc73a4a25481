import { describe, expect, it, vi } from 'vitest';
import { createCountStore } from './count-store';

describe('createCountStore', () => {
  it('keeps a whole non-negative count, tells listeners only of changes, and raises without lowering', () => {
    const store = createCountStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(3.7);
    expect(store.get()).toBe(3);
    store.set(3);
    store.raise(2);
    expect(store.get()).toBe(3);
    store.raise(5);
    store.set(-4);
    expect(store.get()).toBe(0);
    store.set(Number.NaN);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.set(9);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
