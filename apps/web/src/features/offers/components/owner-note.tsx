import { useTranslation } from '@/lib/use-translation';

/** The owner's note with their decision, as the investor reads it (My offers, the listing). */
export function OwnerNote({ note }: { note: string }) {
  const { t } = useTranslation();
  return (
    <figure className="grid gap-1 rounded-lg border-s-4 border-brand-600 bg-brand-50 px-3 py-2 text-sm dark:bg-brand-950/40">
      <figcaption className="font-medium text-slate-700 dark:text-slate-300">
        {t('offers.latest.ownerNote')}
      </figcaption>
      <blockquote dir="auto" className="break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
        {note}
      </blockquote>
    </figure>
  );
}
