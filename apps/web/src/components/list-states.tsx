import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import CircleAlert from 'lucide-react/icons/circle-alert';
import SearchX from 'lucide-react/icons/search-x';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Card } from '@/components/ui/card';

/** Placeholder cards while a list loads; announced once as "loading". */
export function CardGridSkeleton({ count = 6, className }: { count?: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{t('common.loading')}</span>
      <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, index) => (
          <Card as="li" key={index} className="overflow-hidden">
            <div className="aspect-[16/9] animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
            <div className="grid gap-3 p-4">
              <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
              <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
              <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
              <div className="mt-2 h-10 animate-pulse rounded bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/60" />
            </div>
          </Card>
        ))}
      </ul>
    </div>
  );
}

/** Skeleton rows for lists that are not card grids. */
export function RowsSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('common.loading')}</span>
      <ul aria-hidden="true" className="grid gap-3">
        {Array.from({ length: rows }, (_, index) => (
          <li
            key={index}
            className="h-24 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-800"
          />
        ))}
      </ul>
    </div>
  );
}

export function EmptyState({
  title,
  body,
  action,
  className,
}: {
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700',
        className,
      )}
    >
      <SearchX aria-hidden="true" className="size-10 text-slate-400" />
      <p className="font-semibold text-slate-900 dark:text-slate-100">{title}</p>
      {body ? <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{body}</p> : null}
      {action}
    </div>
  );
}

/** A failed list: the server's message (or a default) and a retry button. */
export function ErrorState({
  error,
  onRetry,
  title,
  className,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="size-10" />
      <p className="font-semibold">{title ?? t('listings.states.errorTitle')}</p>
      <p className="max-w-md text-sm">{serverMessage(error) ?? t('listings.states.errorBody')}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t('listings.states.retry')}
        </Button>
      ) : null}
    </div>
  );
}
