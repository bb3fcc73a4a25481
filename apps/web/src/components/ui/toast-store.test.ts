import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, dispatch, getToastState, toast, toastReducer, type ToastItem } from './toast-store';

const item = (id: string, extra: Partial<ToastItem> = {}): ToastItem => ({
  id,
  open: true,
  title: id,
  ...extra,
});

describe('toastReducer', () => {
  it('places a new toast first and keeps only one (TOAST.limit)', () => {
    const once = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: item('a') });
    const twice = toastReducer(once, { type: 'ADD_TOAST', toast: item('b') });
    expect(twice.toasts.map((t) => t.id)).toEqual(['b']);
  });

  it('merges an update into the toast with the same id only', () => {
    const state = { toasts: [item('a', { description: 'old', variant: 'destructive' })] };
    const next = toastReducer(state, { type: 'UPDATE_TOAST', toast: { id: 'a', description: 'new' } });
    expect(next.toasts[0]).toMatchObject({ id: 'a', title: 'a', description: 'new', variant: 'destructive' });
    expect(toastReducer(state, { type: 'UPDATE_TOAST', toast: { id: 'zzz', title: 'x' } })).toEqual(state);
  });

  it('closes one toast, or all without an id, and keeps them until removed', () => {
    const state = { toasts: [item('a'), item('b')] };
    expect(toastReducer(state, { type: 'DISMISS_TOAST', toastId: 'b' }).toasts.map((t) => t.open)).toEqual([
      true,
      false,
    ]);
    expect(toastReducer(state, { type: 'DISMISS_TOAST' }).toasts.map((t) => t.open)).toEqual([false, false]);
  });

  it('removes by id, or all without an id', () => {
    const state = { toasts: [item('a'), item('b')] };
    expect(toastReducer(state, { type: 'REMOVE_TOAST', toastId: 'a' }).toasts.map((t) => t.id)).toEqual([
      'b',
    ]);
    expect(toastReducer(state, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });

  it('does not mutate the previous state', () => {
    const state = { toasts: [item('a')] };
    toastReducer(state, { type: 'DISMISS_TOAST' });
    expect(state.toasts[0]!.open).toBe(true);
  });
});

describe('toast()', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dispatch({ type: 'REMOVE_TOAST' });
    vi.useRealTimers();
  });

  it('adds an open toast and returns handles to update and dismiss it', () => {
    const handle = toast({ title: 'Saved', variant: 'default', size: 'sm' });
    expect(getToastState().toasts).toEqual([
      expect.objectContaining({ id: handle.id, title: 'Saved', open: true, size: 'sm' }),
    ]);
    handle.update({ title: 'Saved again' });
    expect(getToastState().toasts[0]!.title).toBe('Saved again');
    handle.dismiss();
    expect(getToastState().toasts[0]!.open).toBe(false);
  });

  it('removes a dismissed toast after 5000 ms', () => {
    const handle = toast({ title: 'Bye' });
    handle.dismiss();
    vi.advanceTimersByTime(4999);
    expect(getToastState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToastState().toasts).toHaveLength(0);
  });

  it('dismissing all closes every toast; a newer toast replaces the older one', () => {
    const first = toast({ title: 'one' });
    const second = toast({ title: 'two' });
    expect(getToastState().toasts.map((t) => t.id)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);
    dismissToast();
    expect(getToastState().toasts.every((t) => !t.open)).toBe(true);
  });
});
