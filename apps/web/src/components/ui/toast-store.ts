import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST } from '@safqa/shared/constants';

/**
 * Toasts as SPEC.md sections 4 and 9 describe them: added (placed first, only TOAST.limit kept),
 * updated (merged by id), dismissed (closed, then removed after TOAST.removeDelayMs) and removed
 * (by id, or all). `toast()` works anywhere (no provider); <Toaster /> renders the newest.
 */

export type ToastVariant = 'default' | 'destructive';
export type ToastSize = 'default' | 'sm';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** 'sm' always; 'default' becomes 'sm' under 640 px. */
  size?: ToastSize;
  /** An extra control (a button or link) shown beside the text. */
  action?: ReactNode;
  /** Milliseconds before it closes by itself; Infinity keeps it until closed. Default 5000. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToastItem }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export const DEFAULT_TOAST_DURATION = 5000;

/** Pure state transitions; the removal timers live in dispatch(). */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST.limit) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return action.toastId === undefined
        ? { toasts: [] }
        : { toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'REMOVE_TOAST', toastId: id });
    }, TOAST.removeDelayMs),
  );
}

export function dispatch(action: ToastAction) {
  if (action.type === 'DISMISS_TOAST') {
    for (const t of state.toasts)
      if (action.toastId === undefined || t.id === action.toastId) scheduleRemoval(t.id);
  }
  if (action.type === 'REMOVE_TOAST') {
    for (const [id, timer] of removalTimers) {
      if (action.toastId === undefined || id === action.toastId) {
        clearTimeout(timer);
        removalTimers.delete(id);
      }
    }
  }
  state = toastReducer(state, action);
  for (const listener of listeners) listener();
}

let counter = 0;
function nextId() {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${counter}`;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

export function toast(options: ToastOptions): ToastHandle {
  const id = nextId();
  dispatch({ type: 'ADD_TOAST', toast: { ...options, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: 'DISMISS_TOAST', toastId: id }),
    update: (next) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
  };
}

export function dismissToast(toastId?: string) {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

export function getToastState(): ToastState {
  return state;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const current = useSyncExternalStore(subscribeToasts, getToastState, getToastState);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
