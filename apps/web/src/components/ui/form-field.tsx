import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '@/lib/cn';
import { useInputBeforeHydration } from '@/lib/use-input-before-hydration';

export const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/40 disabled:opacity-60 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:border-brand-400 dark:aria-[invalid=true]:border-red-400 sm:text-sm';

interface FieldProps {
  label: ReactNode;
  /** Already-translated message; links the control with aria-describedby and aria-invalid. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** Label, control, hint and error wired together for assistive technology. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const control = useInputBeforeHydration(props, ref);
  return <input ref={control} className={cn(controlClasses, className)} {...props} />;
}

/**
 * A radio button or checkbox, styled by its caller. Controlled, it is the box to use on a
 * server-rendered page: a tick made before the page hydrated reaches its onChange.
 */
export function Checkable({
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { type: 'radio' | 'checkbox'; ref?: Ref<HTMLInputElement> }) {
  const control = useInputBeforeHydration(props, ref);
  return <input ref={control} {...props} />;
}

/**
 * An email address: read left to right in either language, the phone's email keyboard, the browser's
 * saved addresses.
 */
export function EmailInput(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> },
) {
  return <Input type="email" dir="ltr" autoComplete="email" inputMode="email" {...props} />;
}

/**
 * A number typed as text: `type=number` drops the Arabic-Indic digits an Arabic phone keyboard types
 * (the forms' schemas read both kinds of digits), and digits read left to right in either direction.
 */
export function NumberInput({
  decimal = false,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> & {
  ref?: Ref<HTMLInputElement>;
  /** Fractions allowed (a percentage): the phone shows a keypad with a decimal separator. */
  decimal?: boolean;
}) {
  return (
    <Input type="text" inputMode={decimal ? 'decimal' : 'numeric'} autoComplete="off" dir="ltr" {...props} />
  );
}

export function Textarea({
  className,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const control = useInputBeforeHydration(props, ref);
  return <textarea ref={control} className={cn(controlClasses, 'min-h-28', className)} {...props} />;
}
