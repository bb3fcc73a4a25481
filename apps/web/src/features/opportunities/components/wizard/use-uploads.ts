import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import {
  uploadDocument,
  uploadImage,
  type UploadedDocument,
  type UploadedImage,
} from '../../api/upload-file';
import { checkFile, NO_PROGRESS, type UploadProgressState } from './uploads';

/** The server's upload quota (429 UPLOAD_QUOTA): the files after this one would be refused too. */
const overQuota = (error: unknown) => isApiError(error) && error.code === 'UPLOAD_QUOTA';

/**
 * Uploads one file per call, in order, with progress (show, current, total, currentFile, step).
 * A file the browser can already tell is wrong, or one the server refuses, gets a destructive toast
 * and is skipped; the others carry on, unless the upload quota is reached (one toast, no more sends).
 */
export function useUploads() {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<UploadProgressState>(NO_PROGRESS);

  async function run<T>(
    step: UploadProgressState['step'],
    files: File[],
    send: (file: File, onProgress: (p: { percent: number | null }) => void) => Promise<T>,
  ) {
    const done: T[] = [];
    try {
      for (const [index, file] of files.entries()) {
        setProgress({
          show: true,
          step,
          current: index + 1,
          total: files.length,
          currentFile: file.name,
          percent: 0,
        });
        try {
          done.push(await send(file, ({ percent }) => setProgress((p) => ({ ...p, percent }))));
        } catch (error) {
          if (overQuota(error)) {
            toast({
              variant: 'destructive',
              title: t('opportunities.wizard.uploadQuotaTitle'),
              description: t('opportunities.wizard.uploadQuota'),
            });
            break;
          }
          toast({
            variant: 'destructive',
            title: t('opportunities.wizard.uploadFailedTitle', { name: file.name }),
            description: serverMessage(error) ?? t('opportunities.wizard.uploadFailed'),
          });
        }
      }
    } finally {
      setProgress(NO_PROGRESS);
    }
    return done;
  }

  /** Keeps the files that pass the browser check, with a toast for each one that does not. */
  function accepted(files: File[], kind: 'image' | 'document', room: number) {
    const good: File[] = [];
    for (const file of files) {
      const problem = checkFile(file, kind);
      if (problem) {
        toast({
          variant: 'destructive',
          title: t('opportunities.wizard.fileRefused', { name: file.name }),
          description: t(`opportunities.wizard.fileProblem.${problem}`),
        });
      } else good.push(file);
    }
    if (good.length > room) {
      toast({
        variant: 'destructive',
        title: t('opportunities.wizard.tooManyFiles'),
        description: t('opportunities.wizard.tooManyFilesBody', { max: 5 }),
      });
    }
    return good.slice(0, Math.max(0, room));
  }

  return {
    progress,
    busy: progress.show,
    uploadImages: (files: File[], room: number): Promise<UploadedImage[]> =>
      run('images', accepted(files, 'image', room), (file, onProgress) => uploadImage(file, onProgress)),
    uploadDocuments: (files: File[], room: number): Promise<UploadedDocument[]> =>
      run('documents', accepted(files, 'document', room), (file, onProgress) =>
        uploadDocument(file, onProgress),
      ),
    /**
     * The logo (SPEC.md section 8): a failure shows a destructive toast with the common error title
     * and the API's message, else 'Failed to upload logo.', and is rethrown to the caller.
     */
    async uploadLogo(file: File): Promise<UploadedImage> {
      setProgress({ show: true, step: 'logo', current: 1, total: 1, currentFile: file.name, percent: 0 });
      try {
        const problem = checkFile(file, 'image');
        if (problem) throw new Error(t(`opportunities.wizard.fileProblem.${problem}`));
        return await uploadImage(file, ({ percent }) => setProgress((p) => ({ ...p, percent })));
      } catch (error) {
        toast({
          variant: 'destructive',
          title: t(
            overQuota(error) ? 'opportunities.wizard.uploadQuotaTitle' : 'opportunities.wizard.errorTitle',
          ),
          description: overQuota(error)
            ? t('opportunities.wizard.uploadQuota')
            : (serverMessage(error) ??
              (error instanceof Error && !('status' in error)
                ? error.message
                : t('opportunities.wizard.logoFailed'))),
        });
        throw error;
      } finally {
        setProgress(NO_PROGRESS);
      }
    },
  };
}

/**
 * Tells the wizard while `busy` (see StepProps.onBusyChange), and returns a submit guard: a step form
 * submitted during an upload (Enter in a field) waits, instead of moving on without the file.
 */
export function useUploadGate(busy: boolean, onBusyChange: (busy: boolean) => void) {
  useEffect(() => {
    onBusyChange(busy);
    return () => onBusyChange(false);
  }, [busy, onBusyChange]);
  return (event: FormEvent<HTMLFormElement>, submit: (event: FormEvent<HTMLFormElement>) => void) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    submit(event);
  };
}
