import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import FileText from 'lucide-react/icons/file-text';
import Trash2 from 'lucide-react/icons/trash-2';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import Star from 'lucide-react/icons/star';
import { LIMITS } from '@safqa/shared/constants';
import { documentsStep } from '@safqa/shared/validation/opportunities';
import { DOCUMENT_ACCEPT, IMAGE_ACCEPT } from '@safqa/shared/validation/uploads';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { fieldError } from '@/lib/use-zod-form';
import { FileDropzone, UploadProgressBar } from '../file-dropzone';
import type { StepProps } from '../step-props';
import { useStepForm } from '../use-step-form';
import { useUploadGate, useUploads } from '../use-uploads';
import { FileName } from '@/components/ui/file-name';

type DocumentRef = { url: string; name: string; confidential?: boolean };

/** Step 5: up to 5 pictures (the first is the cover) and up to 5 documents, by drag and drop or picker. */
export function DocumentsStep({
  formId,
  values,
  meta,
  serverErrors,
  onChange,
  onMetaChange,
  onNext,
  onBusyChange,
}: StepProps) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const form = useStepForm(documentsStep, values, onChange, serverErrors);
  const { errors } = form.formState;
  const uploads = useUploads();
  const whenIdle = useUploadGate(uploads.busy, onBusyChange);
  const images = (form.watch('images') as string[] | undefined) ?? [];
  const documents = (form.watch('documents') as DocumentRef[] | undefined) ?? [];
  const count = (n: number) => formatNumber(n, lng);
  const imageList = useRef<HTMLUListElement>(null);
  const [coverAnnouncement, setCoverAnnouncement] = useState('');

  /**
   * The first picture is the cover (cards, search, previews): choosing another moves it first. Its
   * "make cover" button goes away with the move, so the focus follows the picture to its new place.
   */
  const makeCover = (url: string, index: number) => {
    form.setValue('images', [url, ...images.filter((u) => u !== url)], { shouldDirty: true });
    setCoverAnnouncement(t('opportunities.wizard.coverChosen', { number: count(index + 1) }));
    requestAnimationFrame(() =>
      imageList.current?.querySelector<HTMLButtonElement>('li:first-child button')?.focus(),
    );
  };

  const addImages = async (files: File[]) => {
    const uploaded = await uploads.uploadImages(files, LIMITS.maxImages - images.length);
    if (!uploaded.length) return;
    const current = (form.getValues('images') as string[] | undefined) ?? [];
    onMetaChange({
      ...meta,
      images: {
        ...meta.images,
        ...Object.fromEntries(uploaded.map((u) => [u.url, { thumbnailUrl: u.thumbnailUrl }])),
      },
    });
    form.setValue('images', [...current, ...uploaded.map((u) => u.url)].slice(0, LIMITS.maxImages), {
      shouldDirty: true,
      shouldValidate: true,
    });
  };
  const addDocuments = async (files: File[]) => {
    const uploaded = await uploads.uploadDocuments(files, LIMITS.maxDocuments - documents.length);
    if (!uploaded.length) return;
    const current = (form.getValues('documents') as DocumentRef[] | undefined) ?? [];
    onMetaChange({
      ...meta,
      documents: { ...meta.documents, ...Object.fromEntries(uploaded.map((u) => [u.url, { size: u.size }])) },
    });
    form.setValue(
      'documents',
      [...current, ...uploaded.map((u) => ({ url: u.url, name: u.name, confidential: false }))].slice(
        0,
        LIMITS.maxDocuments,
      ),
      {
        shouldDirty: true,
        shouldValidate: true,
      },
    );
  };

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => whenIdle(event, (e) => void form.handleSubmit((v) => onNext(v))(e))}
      className="grid gap-8"
    >
      <fieldset className="grid min-w-0 grid-cols-1 gap-3">
        <legend className="mb-1 font-semibold text-slate-900 dark:text-white">
          {t('opportunities.fields.images')} ({count(images.length)}/{count(LIMITS.maxImages)})
        </legend>
        {images.length < LIMITS.maxImages ? (
          <FileDropzone
            name="images"
            label={t('opportunities.wizard.dropImages')}
            hint={t('opportunities.wizard.imagesHint')}
            accept={IMAGE_ACCEPT}
            disabled={uploads.busy}
            onFiles={(files) => void addImages(files)}
          />
        ) : null}
        {images.length ? (
          <ul ref={imageList} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {images.map((url, index) => (
              <li
                key={url}
                className="relative overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700"
              >
                <img
                  src={meta.images[url]?.thumbnailUrl ?? url}
                  alt={t('opportunities.wizard.imageAlt', { number: count(index + 1) })}
                  className="aspect-[4/3] w-full object-cover"
                />
                {index === 0 ? (
                  <span className="absolute start-2 top-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {t('opportunities.wizard.cover')}
                  </span>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="absolute start-2 top-2 h-8 gap-1 px-2 text-xs"
                    onClick={() => makeCover(url, index)}
                  >
                    <Star aria-hidden="true" className="size-3.5" />
                    {t('opportunities.wizard.makeCover')}
                    <span className="sr-only">
                      {' '}
                      {t('opportunities.wizard.imageAlt', { number: count(index + 1) })}
                    </span>
                  </Button>
                )}
                <Button
                  variant="secondary"
                  size="icon"
                  className="absolute end-2 top-2 size-8"
                  aria-label={t('opportunities.wizard.removeImage', { number: count(index + 1) })}
                  onClick={() =>
                    form.setValue(
                      'images',
                      images.filter((u) => u !== url),
                      { shouldDirty: true },
                    )
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <p aria-live="polite" className="sr-only">
          {coverAnnouncement}
        </p>
        {errors.images ? (
          <p className="text-sm text-red-700 dark:text-red-400">
            {fieldError(errors.images.message as string | undefined, lng)}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="grid min-w-0 grid-cols-1 gap-3">
        <legend className="mb-1 font-semibold text-slate-900 dark:text-white">
          {t('opportunities.fields.documents')} ({count(documents.length)}/{count(LIMITS.maxDocuments)})
        </legend>
        {documents.length < LIMITS.maxDocuments ? (
          <FileDropzone
            name="documents"
            label={t('opportunities.wizard.dropDocuments')}
            hint={t('opportunities.wizard.documentsHint')}
            accept={DOCUMENT_ACCEPT}
            disabled={uploads.busy}
            onFiles={(files) => void addDocuments(files)}
          />
        ) : null}
        {documents.length ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('opportunities.wizard.confidentialHint')}
          </p>
        ) : null}
        {documents.length ? (
          <ul className="grid grid-cols-1 gap-2">
            {documents.map((doc, index) => (
              <li
                key={doc.url}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
              >
                {doc.confidential ? (
                  <LockKeyhole
                    aria-hidden="true"
                    className="size-5 shrink-0 text-amber-700 dark:text-amber-300"
                  />
                ) : (
                  <FileText
                    aria-hidden="true"
                    className="size-5 shrink-0 text-brand-700 dark:text-brand-300"
                  />
                )}
                <FileName
                  id={`${formId}-doc-${index}`}
                  name={doc.name}
                  className="min-w-0 flex-1 truncate text-sm font-medium"
                />
                <label className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1 text-sm text-slate-800 has-[:checked]:bg-amber-50 has-[:checked]:text-amber-900 dark:text-slate-200 dark:has-[:checked]:bg-amber-950 dark:has-[:checked]:text-amber-100">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    // Named "Confidential <file name>", so each document's switch is told apart.
                    aria-labelledby={`${formId}-confidential-${index} ${formId}-doc-${index}`}
                    checked={Boolean(doc.confidential)}
                    onChange={(event) =>
                      form.setValue(
                        'documents',
                        documents.map((d, i) =>
                          i === index ? { ...d, confidential: event.target.checked } : d,
                        ),
                        { shouldDirty: true },
                      )
                    }
                  />
                  <span id={`${formId}-confidential-${index}`}>{t('opportunities.wizard.confidential')}</span>
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('opportunities.wizard.removeDocument', { name: doc.name })}
                  onClick={() =>
                    form.setValue(
                      'documents',
                      documents.filter((d) => d.url !== doc.url),
                      { shouldDirty: true },
                    )
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {errors.documents ? (
          <p className="text-sm text-red-700 dark:text-red-400">
            {fieldError(errors.documents.message as string | undefined, lng)}
          </p>
        ) : null}
      </fieldset>
      <UploadProgressBar progress={uploads.progress} />
    </form>
  );
}
