import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { cn } from '@/lib/cn';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/**
 * A password field with a show/hide toggle (SPEC.md section 2). The box holds the input and the toggle
 * side by side, so the toggle sits at the inline end of the page (left in Arabic, right in English)
 * while the password itself is typed left to right.
 */
export function PasswordInput({ className, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div
      className={cn(
        'flex items-stretch rounded-lg border border-slate-300 bg-white focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600/40 has-[input[aria-invalid=true]]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:focus-within:border-brand-400 dark:has-[input[aria-invalid=true]]:border-red-400',
        className,
      )}
    >
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        dir="ltr"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        className="w-0 min-w-0 flex-1 rounded-lg bg-transparent px-3 py-2.5 text-start text-base text-slate-900 outline-none disabled:opacity-60 sm:text-sm dark:text-slate-100"
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
        aria-controls={props.id}
        className="flex w-11 shrink-0 items-center justify-center rounded-e-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 dark:text-slate-400 dark:hover:text-white"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-5" />
        ) : (
          <Eye aria-hidden="true" className="size-5" />
        )}
      </button>
    </div>
  );
}
