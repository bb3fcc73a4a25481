import { useTranslation } from '@/lib/use-translation';
import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { setTheme, useTheme } from '@/lib/theme';
import { cn } from '@/lib/cn';

/** Light/dark switch; the first click turns the system preference into an explicit choice. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('common.theme.toDark') : t('common.theme.toLight');
  const Icon = theme === 'dark' ? Sun : Moon;
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-brand-400',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
