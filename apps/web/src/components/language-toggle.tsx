import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Languages from 'lucide-react/icons/languages';
import { applyLanguage } from '@/lib/i18n';
import { cn } from '@/lib/cn';

/**
 * Switches between Arabic and English. Its name is the other language, in that language
 * (`English` on an Arabic page, `العربية` on an English one), as API.md "Browser storage keys" fixes.
 */
export function LanguageToggle({ className }: { className?: string }) {
  const { i18n } = useTranslation();
  const [switching, setSwitching] = useState(false);
  const isArabic = i18n.language !== 'en';
  const target = isArabic ? 'en' : 'ar';
  return (
    <button
      type="button"
      // Busy, not disabled: a disabled button drops the keyboard focus to the body (out of the phone menu).
      aria-disabled={switching || undefined}
      aria-busy={switching || undefined}
      onClick={() => {
        if (switching) return;
        setSwitching(true);
        applyLanguage(target)
          .catch((error: unknown) => console.error('Language switch failed', error))
          .finally(() => setSwitching(false));
      }}
      className={cn(
        'inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:opacity-60 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-brand-400',
        className,
      )}
    >
      <Languages aria-hidden="true" className="size-5" />
      <span lang={target}>{isArabic ? 'English' : 'العربية'}</span>
    </button>
  );
}
