import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';

/** The three states every admin list shows besides its rows: loading, failed (with retry), empty. */
export function LoadingState({ label }: { label?: string }) {
  return <Spinner label={label} className="min-h-40" />;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="error" title={t('admin.states.failedTitle')}>
      <p>{serverMessage(error) ?? t('admin.states.failed')}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {t('admin.states.retry')}
      </Button>
    </Alert>
  );
}

export function EmptyState({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="status"
      className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
    >
      <p className="font-semibold text-slate-900 dark:text-slate-100">{title}</p>
      {hint ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{hint}</p> : null}
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}
