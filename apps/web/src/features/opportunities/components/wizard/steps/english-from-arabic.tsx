import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import Languages from 'lucide-react/icons/languages';
import { Button } from '@/components/ui/button';

const PAIRS = [
  ['nameAr', 'name'],
  ['descriptionAr', 'description'],
] as const;

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * An owner who writes only Arabic was stuck at step 1: the English name and description are required
 * (SPEC keeps them so). This offers, while an English field is empty and its Arabic one is filled, to
 * copy the Arabic text into it with one tap, and says the English page will show it as written.
 */
export function EnglishFromArabic({ form }: { form: UseFormReturn<FieldValues> }) {
  const { t } = useTranslation();
  const [nameAr, name, descriptionAr, description] = form.watch([
    'nameAr',
    'name',
    'descriptionAr',
    'description',
  ]) as unknown[];
  const current: Record<string, unknown> = { nameAr, name, descriptionAr, description };
  const copyable = PAIRS.filter(([ar, en]) => filled(current[ar]) && !filled(current[en]));
  if (!copyable.length) return null;

  const copy = () => {
    for (const [ar, en] of copyable) {
      form.setValue(en, form.getValues(ar), { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    }
    // The offer disappears once the fields are filled; the keyboard lands on the first one it filled.
    form.setFocus(copyable[0]![1]);
  };

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-800 dark:bg-brand-950">
      <Languages aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
      <p
        id="english-from-arabic-hint"
        className="min-w-0 flex-1 basis-60 text-sm text-slate-800 dark:text-slate-200"
      >
        {t('opportunities.wizard.fromArabic.hint')}
      </p>
      <Button variant="secondary" size="sm" onClick={copy} aria-describedby="english-from-arabic-hint">
        {t('opportunities.wizard.fromArabic.action')}
      </Button>
    </div>
  );
}
