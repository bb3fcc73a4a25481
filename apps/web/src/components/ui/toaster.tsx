import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import X from 'lucide-react/icons/x';
import { cn } from '@/lib/cn';
import { DEFAULT_TOAST_DURATION, dismissToast, useToast, type ToastItem } from './toast-store';

/**
 * Shows the current toast: at the top on phones, at the bottom inline-end corner from 640 px
 * (bottom right in English, mirrored to bottom left in Arabic like the rest of the layout), at most
 * 420 px wide from 768 px. The polite live region is always present so screen readers announce
 * toasts as they appear; destructive ones are alerts.
 */
export function Toaster() {
  const { toasts } = useToast();
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('common.toast.region')}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex max-h-dvh flex-col-reverse p-4 sm:inset-x-auto sm:end-0 sm:top-auto sm:bottom-0 sm:flex-col md:w-full md:max-w-[420px]"
    >
      <div aria-live="polite" aria-atomic="false" className="flex flex-col gap-2">
        {toasts
          .filter((item) => item.open)
          .map((item) => (
            <ToastView key={item.id} item={item} closeLabel={t('common.toast.close')} />
          ))}
      </div>
    </section>
  );
}

function ToastView({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  const [paused, setPaused] = useState(false);
  const duration = item.duration ?? DEFAULT_TOAST_DURATION;
  const remaining = useRef(duration);

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, item.id]);

  const destructive = item.variant === 'destructive';
  const small = item.size === 'sm';
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(item.id);
      }}
      data-variant={item.variant ?? 'default'}
      className={cn(
        'toast-enter pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border shadow-lg',
        small ? 'p-3 pe-9 text-xs' : 'p-3 pe-9 text-xs sm:p-5 sm:pe-10 sm:text-sm',
        destructive
          ? 'border-red-700 bg-red-700 text-white'
          : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50',
      )}
    >
      <div className="grid flex-1 gap-1">
        {item.title ? (
          <p className={cn('font-semibold', small ? 'text-sm' : 'text-sm sm:text-base')}>{item.title}</p>
        ) : null}
        {item.description ? <div className="opacity-90">{item.description}</div> : null}
      </div>
      {item.action}
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        aria-label={closeLabel}
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
