import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** One figure of the dashboard; with `to` the whole card is a link to where the figure comes from. */
export function StatCard({
  label,
  value,
  icon: Icon,
  to,
  detail,
  tone = 'default',
}: {
  label: string;
  value: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  to?: string;
  detail?: ReactNode;
  tone?: 'default' | 'warning';
}) {
  const body = (
    <>
      <span
        className={cn(
          'inline-flex size-10 items-center justify-center rounded-xl',
          tone === 'warning'
            ? 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300'
            : 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300',
        )}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="grid gap-0.5">
        <span className="text-sm text-slate-600 dark:text-slate-400">{label}</span>
        <span className="text-2xl font-extrabold text-slate-900 tabular-nums dark:text-white">{value}</span>
        {detail ? <span className="text-xs text-slate-600 dark:text-slate-400">{detail}</span> : null}
      </span>
    </>
  );
  const classes =
    'flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 sm:flex-row sm:items-start sm:gap-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900';
  return to ? (
    <Link
      to={to}
      className={cn(
        classes,
        'transition-colors hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:border-brand-600',
      )}
    >
      {body}
    </Link>
  ) : (
    <div className={classes}>{body}</div>
  );
}
