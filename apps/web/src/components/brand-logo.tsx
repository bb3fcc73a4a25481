import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { cn } from '@/lib/cn';

/** The mark (same drawing as the favicon) and the name, linking home. */
export function BrandLogo({ className, onDark = false }: { className?: string; onDark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600',
        onDark ? 'text-white' : 'text-slate-900 dark:text-white',
        className,
      )}
    >
      <svg viewBox="0 0 64 64" aria-hidden="true" className="size-9 shrink-0">
        <rect width="64" height="64" rx="14" className="fill-brand-700 dark:fill-brand-500" />
        <path
          d="M18 40c6 6 22 6 28-2M22 24h20M32 14v26"
          strokeWidth="5"
          fill="none"
          strokeLinecap="round"
          className="stroke-white dark:stroke-slate-950"
        />
      </svg>
      <span>{t('common.appName')}</span>
    </Link>
  );
}
