import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { useInputBeforeHydration } from '@/lib/use-input-before-hydration';
import { controlClasses } from './form-field';

/**
 * The app's select: a native <select>, so a phone opens its own picker and the keyboard, the screen
 * reader and the reading direction (its arrow sits at the inline end) work as the platform does.
 * Styled like the other controls, red when `aria-invalid`. Put it in a <Field> and spread the
 * field's control ({ id, aria-invalid, aria-describedby }) onto it: that ties it to its label, hint
 * and error; or wrap it in a <label>. A choice made before the page hydrated reaches its onChange.
 */
export function Select({
  className,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const control = useInputBeforeHydration(props, ref);
  return <select ref={control} className={cn(controlClasses, 'cursor-pointer', className)} {...props} />;
}
