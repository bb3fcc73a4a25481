import { useTranslation } from '@/lib/use-translation';
import Check from 'lucide-react/icons/check';
import Circle from 'lucide-react/icons/circle';
import { PASSWORD_RULES } from '@safqa/shared/validation/common';
import { cn } from '@/lib/cn';

/**
 * The live checklist of the password rules (SPEC.md section 5), the same rules the server applies, in
 * the same order. Each item says whether it is met, in words as well as with its icon.
 */
export function PasswordChecklist({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900">
      <p className="mb-2 font-medium text-slate-700 dark:text-slate-300">{t('auth.password.rulesTitle')}</p>
      <ul className="grid gap-1.5 sm:grid-cols-2">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(value);
          return (
            <li
              key={rule.key}
              data-met={met}
              className={cn(
                'flex items-center gap-2',
                met ? 'text-emerald-800 dark:text-emerald-300' : 'text-slate-600 dark:text-slate-400',
              )}
            >
              {met ? (
                <Check aria-hidden="true" className="size-4 shrink-0" />
              ) : (
                <Circle aria-hidden="true" className="size-4 shrink-0" />
              )}
              <span>{t(`auth.password.rules.${rule.key}`)}</span>
              <span className="sr-only">{met ? t('auth.password.met') : t('auth.password.unmet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
