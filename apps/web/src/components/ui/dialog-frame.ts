import type { ReactNode, RefObject } from 'react';

/** The look every modal shares (dialog.tsx, alert-dialog.tsx). */
export const OVERLAY = 'fixed inset-0 z-[70] bg-slate-950/50';
// Centred with inset-x-0 + mx-auto rather than a start-1/2 translate, which needs a mirror per direction.
export const CONTENT =
  'fixed inset-x-0 top-1/2 z-[71] mx-auto grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl dark:bg-slate-900';
export const SIZES = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-2xl' } as const;
export const TITLE = 'text-lg font-bold text-slate-900 dark:text-white';
export const DESCRIPTION = 'text-sm text-slate-700 dark:text-slate-300';

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read with the title when the dialog opens; without one the dialog is described by its content. */
  description?: ReactNode;
  /**
   * The button that opened it, focused again on close, for a dialog mounted after the click (fetched
   * on demand) or one whose opener is not a Radix trigger. Without it, the focus goes back to what
   * had it when the dialog opened (lib/use-return-focus.ts); a form opens on its first field.
   */
  opener?: RefObject<HTMLElement | null>;
  size?: keyof typeof SIZES;
  children: ReactNode;
}
