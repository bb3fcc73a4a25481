import type { ReactNode } from 'react';

/**
 * Toasts as SPEC.md sections 4 and 9 describe them, shown by sonner (sonner-toasts.tsx). `toast()`
 * works anywhere (no provider). sonner is not part of the first load of a page (decision 005): it is
 * fetched after hydration by <Toaster />, or by the first toast, whichever comes first; a toast asked
 * for before it arrives is shown once it has.
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

export const DEFAULT_TOAST_DURATION = 5000;

let sonner: Promise<typeof import('./sonner-toasts')> | undefined;

/** The module with sonner, fetched once. */
export function loadSonnerToasts() {
  sonner ??= import('./sonner-toasts');
  return sonner;
}

export function toast(options: ToastOptions): void {
  void loadSonnerToasts().then((toasts) => toasts.showToast(options));
}

/** Closes every toast. */
export function dismissToast(): void {
  void loadSonnerToasts().then((toasts) => toasts.dismissToasts());
}
