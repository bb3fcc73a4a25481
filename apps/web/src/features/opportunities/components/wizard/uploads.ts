import { DOCUMENT_ACCEPT, IMAGE_MIME_TYPES, UPLOAD_LIMITS } from '@safqa/shared/validation/uploads';

/** SPEC.md section 2: the progress of a batch of uploads (show, current, total, currentFile, step). */
export interface UploadProgressState {
  show: boolean;
  /** 1-based number of the file being sent. */
  current: number;
  total: number;
  currentFile: string;
  /** What is being uploaded. */
  step: 'logo' | 'images' | 'documents';
  /** Percentage of the current file, null while unknown. */
  percent: number | null;
}

export const NO_PROGRESS: UploadProgressState = {
  show: false,
  current: 0,
  total: 0,
  currentFile: '',
  step: 'images',
  percent: null,
};

const DOCUMENT_EXTENSIONS = DOCUMENT_ACCEPT.split(',');
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'];

function extension(name: string) {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

export type FileProblem = 'notImage' | 'notDocument' | 'tooLarge';

/**
 * A first check in the browser (SPEC.md section 5: images must be image files, documents document
 * types); the server decides by content anyway.
 */
export function checkFile(file: File, kind: 'image' | 'document'): FileProblem | null {
  if (kind === 'image') {
    const typeOk =
      (IMAGE_MIME_TYPES as readonly string[]).includes(file.type) ||
      (!file.type && IMAGE_EXTENSIONS.includes(extension(file.name)));
    if (!typeOk) return 'notImage';
    return file.size > UPLOAD_LIMITS.imageMaxBytes ? 'tooLarge' : null;
  }
  if (!DOCUMENT_EXTENSIONS.includes(extension(file.name))) return 'notDocument';
  return file.size > UPLOAD_LIMITS.documentMaxBytes ? 'tooLarge' : null;
}
