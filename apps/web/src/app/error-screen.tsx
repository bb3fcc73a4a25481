import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { reportClientError } from '@/lib/error-log';
import { isModuleFetchError, reloadForNewBuild } from './new-build';
import { NotFoundPage } from './not-found';

function describe(error: unknown): { message: string | null; details: string } {
  if (error instanceof Error)
    return {
      message: error.message || error.name,
      details: error.stack || `${error.name}: ${error.message}`,
    };
  if (isRouteErrorResponse(error)) {
    const text = `${error.status} ${error.statusText}`.trim();
    return {
      message: text,
      details: typeof error.data === 'string' ? error.data : (JSON.stringify(error.data, null, 2) ?? text),
    };
  }
  if (typeof error === 'string') return { message: error, details: error };
  try {
    return { message: null, details: JSON.stringify(error, null, 2) ?? String(error) };
  } catch {
    return { message: null, details: String(error) };
  }
}

/**
 * The generic screen for render crashes (SPEC.md section 2): "Something went wrong", the message,
 * collapsible technical details and Reload Page. The crash is sent to POST /api/error-logs once.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    reportClientError(error, window.location.pathname);
  }, [error]);
  const { message, details } = describe(error);
  return (
    <section
      aria-labelledby="error-title"
      className="mx-auto grid max-w-2xl gap-5 px-4 py-20 text-center sm:px-6"
    >
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 id="error-title" className="text-2xl font-bold sm:text-3xl">
        {t('common.error.title')}
      </h1>
      <p className="text-slate-600 dark:text-slate-300">{t('common.error.intro')}</p>
      <p
        className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
        dir="auto"
      >
        {message ?? t('common.error.unknown')}
      </p>
      <details className="rounded-lg border border-slate-200 text-start dark:border-slate-700">
        <summary className="cursor-pointer rounded-lg px-4 py-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600">
          {t('common.error.details')}
        </summary>
        <pre
          dir="ltr"
          className="max-h-72 overflow-auto border-t border-slate-200 px-4 py-3 text-start text-xs leading-relaxed whitespace-pre-wrap dark:border-slate-700"
        >
          {details}
        </pre>
      </details>
      <div>
        <Button size="lg" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" className="size-5" />
          {t('common.error.reload')}
        </Button>
      </div>
    </section>
  );
}

/**
 * A route whose code could not be fetched is first reloaded (a deploy replaced it, see new-build.ts);
 * the error screen shows only when a reload cannot help. Nothing is logged for a reload that works.
 */
function RouteErrorScreen({ error }: { error: unknown }) {
  const [reloading, setReloading] = useState(() => isModuleFetchError(error));
  useEffect(() => {
    if (!isModuleFetchError(error)) return;
    let current = true;
    void reloadForNewBuild().then((reloads) => {
      if (current && !reloads) setReloading(false);
    });
    return () => {
      current = false;
    };
  }, [error]);
  if (reloading) return <PageSpinner />;
  return <ErrorScreen error={error} />;
}

/** Error element of the pages route: a crashed page shows the screen inside the layout. */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteErrorScreen error={error} />;
}

/** Error element of the root route: the layout itself crashed, so the screen stands alone. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main" className="min-h-dvh">
      <RouteErrorScreen error={error} />
    </main>
  );
}

/** Catches what happens outside the router (the providers). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <main id="main" className="min-h-dvh">
          <ErrorScreen error={this.state.error} />
        </main>
      );
    }
    return this.props.children;
  }
}
