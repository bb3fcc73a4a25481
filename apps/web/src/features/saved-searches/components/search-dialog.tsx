import type { ReactNode, RefObject } from 'react';
import * as Dialog from 'radix-ui/dialog';
import X from 'lucide-react/icons/x';
import { useTranslation } from '@/lib/use-translation';
import { useReturnFocus } from '@/lib/use-return-focus';

/** The dialog that holds the saved-search form (save from /search, edit from the profile). */
export function SearchDialog({
  open,
  onOpenChange,
  title,
  description,
  opener,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /**
   * The button that opened it, focused again on close (there is no Dialog.Trigger to go back to).
   * Without it, the focus goes back to what had it when the dialog opened.
   */
  opener?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(opener);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-slate-950/60" />
        <Dialog.Content
          dir={typeof document === 'undefined' ? undefined : (document.documentElement.dir as 'rtl' | 'ltr')}
          {...returnFocus}
          className="fixed start-1/2 top-1/2 z-[80] grid max-h-[90dvh] w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2 dark:bg-slate-900"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-bold text-slate-900 dark:text-white">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('saved-searches.cancel')}
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="text-sm text-slate-600 dark:text-slate-400">
              {description}
            </Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
