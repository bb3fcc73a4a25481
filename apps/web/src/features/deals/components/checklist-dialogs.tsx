import { useState } from 'react';
import { checklistCreateInput, type ChecklistItem } from '@safqa/shared/validation/deals';
import { DOCUMENT_ACCEPT } from '@safqa/shared/validation/uploads';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Field, Input, Textarea } from '@/components/ui/form-field';
import { isApiError, serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { useAddChecklistItem } from '../api/add-checklist-item';
import { usePatchChecklistItem } from '../api/patch-checklist-item';
import { uploadDealDocument } from '../api/upload-deal-document';
import { Select } from '@/components/ui/select';

export function AddItemDialog({
  dealId,
  open,
  onOpenChange,
}: {
  dealId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const add = useAddChecklistItem(dealId);
  const form = useZodForm(checklistCreateInput, { defaultValues: { title: '', side: 'seller' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    add.mutate(
      { ...values, dueDate: values.dueDate || undefined },
      {
        onSuccess: () => {
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => applyServerFieldErrors(error, form.setError, ['title', 'side', 'dueDate']),
      },
    ),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('deals.checklist.addTitle')}
      onSubmit={submit}
      submitLabel={t('deals.checklist.add')}
      pending={add.isPending}
    >
      <Field label={t('deals.checklist.itemTitle')} error={fieldError(errors.title?.message, lng)}>
        {(control) => <Input {...control} dir="auto" {...form.register('title')} />}
      </Field>
      <Field label={t('deals.checklist.side')} error={fieldError(errors.side?.message, lng)}>
        {(control) => (
          <Select {...control} {...form.register('side')}>
            <option value="seller">{t('deals.side.seller')}</option>
            <option value="buyer">{t('deals.side.buyer')}</option>
          </Select>
        )}
      </Field>
      <Field label={t('deals.checklist.dueDate')} error={fieldError(errors.dueDate?.message, lng)}>
        {(control) => (
          <Input
            {...control}
            type="date"
            {...form.register('dueDate', { setValueAs: (v: string) => (v ? v : undefined) })}
          />
        )}
      </Field>
      {add.isError && !Object.keys(errors).length ? (
        <Alert variant="error">{serverMessage(add.error)}</Alert>
      ) : null}
    </FormDialog>
  );
}

/** The server's text for a refused document (400 on documentIds.<i>), rather than "some fields are invalid". */
function documentRefusal(failure: unknown): string | undefined {
  if (!isApiError(failure) || !failure.fields) return undefined;
  return Object.entries(failure.fields).find(([field]) => field.startsWith('documentIds'))?.[1];
}

/** A note and documents on an item (the caller's own uploads; the other party's stay attached). */
export function UpdateItemDialog({
  dealId,
  item,
  onClose,
}: {
  dealId: number;
  item: ChecklistItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const patch = usePatchChecklistItem(dealId);
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  if (item && openedFor !== item.id) {
    setOpenedFor(item.id);
    setNote(item.note ?? '');
    setFile(null);
    setError(null);
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!item) return;
    setError(null);
    try {
      setUploading(true);
      const ids = item.documents.map((d) => d.id);
      if (file) ids.push((await uploadDealDocument(file)).id);
      await patch.mutateAsync({ itemId: item.id, status: item.status, note, documentIds: ids });
      setOpenedFor(null);
      onClose();
    } catch (failure) {
      setError(documentRefusal(failure) ?? serverMessage(failure) ?? t('deals.page.loadFailed'));
    } finally {
      setUploading(false);
    }
  };
  return (
    <FormDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) {
          setOpenedFor(null);
          onClose();
        }
      }}
      title={t('deals.checklist.updateTitle')}
      description={item?.title}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('deals.checklist.save')}
      pending={uploading || patch.isPending}
    >
      <Field label={t('deals.checklist.note')}>
        {(control) => (
          <Textarea {...control} dir="auto" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
        )}
      </Field>
      <Field label={t('deals.checklist.attach')}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {error ? <Alert variant="error">{error}</Alert> : null}
    </FormDialog>
  );
}
