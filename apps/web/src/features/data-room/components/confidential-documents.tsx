import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import FileText from 'lucide-react/icons/file-text';
import Trash2 from 'lucide-react/icons/trash-2';
import Upload from 'lucide-react/icons/upload';
import { DOCUMENT_ACCEPT } from '@safqa/shared/validation/uploads';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { useAddConfidentialDocument } from '../api/add-confidential-document';
import { useRemoveConfidentialDocument } from '../api/remove-confidential-document';
import { FileName } from '@/components/ui/file-name';

export interface OwnedConfidentialDocument {
  id?: number;
  name: string;
  url: string;
}

/** The most precise message the server gave: a field's message, else the error's own. */
function failureText(error: unknown): string | undefined {
  if (isApiError(error) && error.fields) {
    const field = Object.values(error.fields)[0];
    if (field) return field;
  }
  return serverMessage(error) ?? undefined;
}

function AddDocumentForm({ opportunityId }: { opportunityId: number }) {
  const { t } = useTranslation();
  const add = useAddConfidentialDocument(opportunityId);
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [missing, setMissing] = useState<{ file?: string; name?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problems = {
      file: file ? undefined : t('data-room.confidential.fileRequired'),
      name: trimmed ? undefined : t('data-room.confidential.nameRequired'),
    };
    setMissing(problems);
    if (!file || !trimmed) return;
    add.mutate(
      { file, name: trimmed },
      {
        onSuccess: () => {
          toast({ title: t('data-room.confidential.added') });
          setFile(null);
          setName('');
          if (fileRef.current) fileRef.current.value = '';
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="confidential-add-title">
      <h4 id="confidential-add-title" className="text-sm font-bold text-slate-900 dark:text-white">
        {t('data-room.confidential.addTitle')}
      </h4>
      <Field
        label={t('data-room.confidential.file')}
        hint={t('data-room.confidential.fileHint')}
        error={missing.file}
      >
        {(control) => (
          <input
            {...control}
            ref={fileRef}
            type="file"
            accept={DOCUMENT_ACCEPT}
            disabled={add.isPending}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              if (chosen && !name.trim()) setName(chosen.name);
            }}
            className="block w-full min-w-0 text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold dark:text-slate-300 dark:file:bg-slate-800"
          />
        )}
      </Field>
      <Field label={t('data-room.confidential.name')} error={missing.name}>
        {(control) => (
          <Input
            {...control}
            dir="auto"
            maxLength={200}
            value={name}
            disabled={add.isPending}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      {add.isError ? (
        <Alert variant="error" title={t('data-room.confidential.addFailed')}>
          {failureText(add.error)}
        </Alert>
      ) : null}
      <Button
        type="submit"
        disabled={add.isPending}
        aria-busy={add.isPending || undefined}
        className="w-full"
      >
        {add.isPending ? <SpinnerIcon /> : <Upload aria-hidden="true" className="size-4" />}
        {add.isPending ? t('data-room.confidential.adding') : t('data-room.confidential.add')}
      </Button>
    </form>
  );
}

/**
 * The owner's confidential documents, managed from the data room card: added and removed without
 * touching the public listing, so a live listing stays live (API.md "Data room").
 */
export function ConfidentialDocuments({
  opportunityId,
  documents,
}: {
  opportunityId: number;
  documents: OwnedConfidentialDocument[];
}) {
  const { t } = useTranslation();
  const remove = useRemoveConfidentialDocument(opportunityId);

  return (
    <section
      aria-labelledby="confidential-docs-title"
      className="grid gap-3 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <div className="grid gap-1">
        <h3 id="confidential-docs-title" className="text-base font-bold text-slate-900 dark:text-white">
          {t('data-room.confidential.title')}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('data-room.confidential.hint')}</p>
      </div>
      {documents.length === 0 ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {t('data-room.confidential.empty')}
        </p>
      ) : (
        <ul className="grid gap-2" aria-label={t('data-room.confidential.title')}>
          {documents.map((doc) => {
            const busy = remove.isPending && remove.variables === doc.id;
            return (
              <li
                key={doc.id ?? doc.url}
                className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
              >
                <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900 dark:text-white">
                  <FileName name={doc.name} />
                </p>
                {doc.id !== undefined ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={remove.isPending}
                    aria-busy={busy || undefined}
                    aria-label={t('data-room.confidential.removeNamed', { name: doc.name })}
                    onClick={() =>
                      remove.mutate(doc.id!, {
                        onSuccess: () => toast({ title: t('data-room.confidential.removed') }),
                        onError: (error) =>
                          toast({
                            variant: 'destructive',
                            title: t('data-room.confidential.removeFailed'),
                            description: failureText(error),
                          }),
                      })
                    }
                  >
                    {busy ? <SpinnerIcon /> : <Trash2 aria-hidden="true" className="size-4" />}
                    <span className="hidden sm:inline">{t('data-room.confidential.remove')}</span>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <AddDocumentForm opportunityId={opportunityId} />
    </section>
  );
}
