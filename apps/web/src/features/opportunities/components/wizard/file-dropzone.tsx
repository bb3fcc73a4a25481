import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import UploadCloud from 'lucide-react/icons/cloud-upload';
import { cn } from '@/lib/cn';
import type { UploadProgressState } from './uploads';

interface Props {
  /** Names the zone for tests and styling (`data-dropzone`). */
  name: string;
  label: string;
  hint: string;
  accept: string;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * Drop files here, or choose them with the (keyboard-reachable) file picker: both hand the files to
 * `onFiles`. The whole zone highlights while files are dragged over it.
 */
export function FileDropzone({ name, label, hint, accept, disabled, onFiles }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(files);
  };
  return (
    <div
      onDragEnter={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
      data-dropzone={name}
      data-dragging={over || undefined}
      className={cn(
        'flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors',
        over ? 'border-brand-600 bg-brand-50 dark:bg-brand-950' : 'border-slate-300 dark:border-slate-700',
        disabled && 'opacity-60',
      )}
    >
      <UploadCloud aria-hidden="true" className="size-10 text-brand-700 dark:text-brand-300" />
      <p className="font-semibold text-slate-900 dark:text-white">{label}</p>
      <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {t('opportunities.wizard.dropHint')} {hint}
      </p>
      <label
        htmlFor={id}
        className={cn(
          'mt-2 inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
          disabled && 'pointer-events-none',
        )}
      >
        {t('opportunities.wizard.chooseFiles')}
        <input
          id={id}
          type="file"
          multiple
          accept={accept}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </label>
    </div>
  );
}

/** The running upload: which file of how many, its name and how far it got. */
export function UploadProgressBar({ progress }: { progress: UploadProgressState }) {
  const { t } = useTranslation();
  if (!progress.show) return null;
  return (
    <div role="status" aria-live="polite" className="grid gap-2 rounded-xl bg-slate-50 p-4 dark:bg-slate-800">
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t(`opportunities.wizard.uploading.${progress.step}`, {
          current: progress.current,
          total: progress.total,
        })}{' '}
        <bdi className="font-semibold">{progress.currentFile}</bdi>
      </p>
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
        max={100}
        value={progress.percent ?? undefined}
        aria-label={t('opportunities.wizard.uploadProgress')}
      />
    </div>
  );
}
