import { useTranslation } from '@/lib/use-translation';
import { faqInput, type AdminFaq } from '@safqa/shared/validation/faqs';
import { Field, Input, Textarea } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useSaveFaq } from '../api/save-faq';
import { FormDialog } from '@/components/ui/form-dialog';

const FIELDS = ['questionAr', 'answerAr', 'questionEn', 'answerEn'] as const;

/** Add or edit a FAQ: question and answer in Arabic and in English, all four required. Mounted while open. */
export function FaqFormDialog({ faq, onClose }: { faq: AdminFaq | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useSaveFaq();
  const form = useZodForm(faqInput, {
    defaultValues: {
      questionAr: faq?.questionAr ?? '',
      answerAr: faq?.answerAr ?? '',
      questionEn: faq?.questionEn ?? '',
      answerEn: faq?.answerEn ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (name: (typeof FIELDS)[number]) => fieldError(errors[name]?.message, i18n.language);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ input: values, id: faq?.id });
      toast({ title: t(faq ? 'admin.faqs.updated' : 'admin.faqs.created'), size: 'sm' });
      onClose();
    } catch (failure) {
      if (!applyServerFieldErrors(failure, form.setError, [...FIELDS])) {
        toast({
          variant: 'destructive',
          title: t('admin.faqs.saveFailed'),
          description: serverMessage(failure) ?? undefined,
        });
      }
    }
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t(faq ? 'admin.faqs.editTitle' : 'admin.faqs.addTitle')}
      onSubmit={(event) => void onSubmit(event)}
      submitLabel={t('admin.actions.save')}
      pending={isSubmitting}
      wide
    >
      <fieldset
        lang="ar"
        dir="rtl"
        className="grid gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      >
        <legend className="px-1 text-sm font-bold">{t('admin.review.arabic')}</legend>
        <Field label={t('admin.faqs.questionAr')} error={error('questionAr')}>
          {(control) => <Input {...control} {...form.register('questionAr')} />}
        </Field>
        <Field label={t('admin.faqs.answerAr')} error={error('answerAr')}>
          {(control) => <Textarea {...control} rows={4} {...form.register('answerAr')} />}
        </Field>
      </fieldset>
      <fieldset
        lang="en"
        dir="ltr"
        className="grid gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      >
        <legend className="px-1 text-sm font-bold">{t('admin.review.english')}</legend>
        <Field label={t('admin.faqs.questionEn')} error={error('questionEn')}>
          {(control) => <Input {...control} {...form.register('questionEn')} />}
        </Field>
        <Field label={t('admin.faqs.answerEn')} error={error('answerEn')}>
          {(control) => <Textarea {...control} rows={4} {...form.register('answerEn')} />}
        </Field>
      </fieldset>
    </FormDialog>
  );
}
