import { useTranslation } from '@/lib/use-translation';
import { cn } from '@/lib/cn';

/** A spinning ring. `label` is announced; without one it is decorative. */
export function SpinnerIcon({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent',
        className,
      )}
    />
  );
}

/** Block spinner with an accessible "Loading" status, for lazy pages and lists. */
export function Spinner({ className = '', label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <span
        className="size-8 animate-spin rounded-full border-4 border-brand-600 border-t-transparent dark:border-brand-400 dark:border-t-transparent"
        aria-hidden="true"
      />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </div>
  );
}

/** The fallback while a lazy page downloads. */
export function PageSpinner() {
  return <Spinner className="min-h-[50vh]" />;
}
