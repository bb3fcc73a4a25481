import type { CSSProperties } from 'react';
import { Toaster, toast as sonnerToast } from 'sonner';
import 'sonner/dist/styles.css';
import X from 'lucide-react/icons/x';
import { TOAST } from '@safqa/shared/constants';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { directionOf } from '@/lib/language';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/cn';
import { DEFAULT_TOAST_DURATION, type ToastOptions } from './toast';

/**
 * sonner, loaded lazily by toast.ts: its stylesheet comes as a file (the CSP allows no inline
 * <style> without the page's nonce; vite.config.ts drops sonner's own injection). Each toast is our
 * own view (sonner's `custom`), so it keeps the design, and its role: 'status', or 'alert' for a
 * destructive one. sonner stacks, times (paused while hovered or the tab is hidden), swipes away and
 * keeps the polite live region labelled "notifications".
 */

/** The toasts on screen, newest first: beyond TOAST.limit the older ones are closed. */
let shown: Array<string | number> = [];

export function showToast({ duration = DEFAULT_TOAST_DURATION, ...options }: ToastOptions) {
  const id = sonnerToast.custom((toastId) => <ToastView id={toastId} {...options} />, {
    duration,
    onDismiss: (closed) => forget(closed.id),
    onAutoClose: (closed) => forget(closed.id),
  });
  shown = [id, ...shown];
  for (const older of shown.slice(TOAST.limit)) sonnerToast.dismiss(older);
  shown = shown.slice(0, TOAST.limit);
}

function forget(id: string | number) {
  shown = shown.filter((other) => other !== id);
}

export function dismissToasts() {
  shown = [];
  sonnerToast.dismiss();
}

/** The fixed navbar's height (h-16) and a gap: a phone's toast sits below it, never over ☰. */
const BELOW_NAVBAR = 64 + 8;

/**
 * At the top on phones, below the navbar (over it, it hid the menu button), at the bottom inline-end
 * corner from 640 px (bottom right in English, bottom left in Arabic), at most 420 px wide. Expanded:
 * a toast leaving while the next arrives is never folded behind it into a sliver too small to tap.
 */
export function SonnerToaster() {
  const { t } = useTranslation();
  const dir = directionOf(useLanguage());
  const wide = useMediaQuery('(min-width: 640px)');
  const end = dir === 'rtl' ? 'left' : 'right';
  return (
    <Toaster
      dir={dir}
      position={wide ? `bottom-${end}` : 'top-center'}
      visibleToasts={TOAST.limit}
      duration={DEFAULT_TOAST_DURATION}
      customAriaLabel={t('common.toast.region')}
      expand
      offset={16}
      mobileOffset={{ top: BELOW_NAVBAR, left: 16, right: 16, bottom: 16 }}
      style={{ '--width': '420px' } as CSSProperties}
    />
  );
}

function ToastView({
  id,
  title,
  description,
  variant,
  size,
  action,
}: ToastOptions & { id: string | number }) {
  const { t } = useTranslation();
  const destructive = variant === 'destructive';
  const small = size === 'sm';
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      onKeyDown={(event) => {
        if (event.key === 'Escape') sonnerToast.dismiss(id);
      }}
      data-variant={variant ?? 'default'}
      className={cn(
        'relative flex w-full items-start gap-3 overflow-hidden rounded-xl border shadow-lg',
        small ? 'p-3 pe-9 text-xs' : 'p-3 pe-9 text-xs sm:p-5 sm:pe-10 sm:text-sm',
        destructive
          ? 'border-red-700 bg-red-700 text-white'
          : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50',
      )}
    >
      <div className="grid flex-1 gap-1">
        {title ? (
          <p className={cn('font-semibold', small ? 'text-sm' : 'text-sm sm:text-base')}>{title}</p>
        ) : null}
        {description ? <div className="opacity-90">{description}</div> : null}
      </div>
      {action}
      <button
        type="button"
        onClick={() => sonnerToast.dismiss(id)}
        aria-label={t('common.toast.close')}
        className={cn(
          'absolute end-2 top-2 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-offset-2',
          destructive
            ? 'text-white/80 hover:text-white focus-visible:outline-white'
            : 'text-slate-500 hover:text-slate-900 focus-visible:outline-brand-600 dark:text-slate-400 dark:hover:text-white',
        )}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
