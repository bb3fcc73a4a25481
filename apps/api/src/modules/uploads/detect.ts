import { fileTypeFromBuffer } from 'file-type';
import { inspectCfb, inspectOoxml, type OfficeKind } from './office';

/**
 * Decides what an upload is from its bytes alone (never its name or declared type). Anything that is
 * not plainly one of the accepted kinds answers null, which the service turns into 415.
 */
export type ImageKind = 'jpeg' | 'png' | 'webp';
export type DocumentKind = 'pdf' | OfficeKind;

export const DOCUMENT_TYPES: Record<DocumentKind, { mime: string; ext: string }> = {
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  doc: { mime: 'application/msword', ext: 'doc' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  xls: { mime: 'application/vnd.ms-excel', ext: 'xls' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  ppt: { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' },
};

/**
 * Markup a browser could sniff as a page or script. A file whose first kilobyte holds any of these is
 * a polyglot (e.g. a valid PNG signature followed by HTML) and is refused whatever its magic number says.
 */
const MARKUP = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta|a\s+href)\b/i;

export function looksLikeMarkup(buf: Buffer): boolean {
  return MARKUP.test(buf.subarray(0, 1024).toString('latin1'));
}

export async function detectImage(buf: Buffer): Promise<ImageKind | null> {
  if (buf.length < 12 || looksLikeMarkup(buf)) return null;
  const type = await fileTypeFromBuffer(buf);
  if (type?.ext === 'jpg') return 'jpeg';
  if (type?.ext === 'png') return 'png';
  if (type?.ext === 'webp') return 'webp';
  return null;
}

/** A PDF starts with its header at byte 0 and ends with an end-of-file marker near the end. */
function isWellFormedPdf(buf: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(buf.subarray(0, 8).toString('latin1'))) return false;
  return buf.subarray(Math.max(0, buf.length - 2048)).includes('%%EOF');
}

export async function detectDocument(buf: Buffer): Promise<DocumentKind | null> {
  if (buf.length < 16 || looksLikeMarkup(buf)) return null;
  const type = await fileTypeFromBuffer(buf);
  switch (type?.ext) {
    case 'pdf':
      return isWellFormedPdf(buf) ? 'pdf' : null;
    case 'docx':
    case 'xlsx':
    case 'pptx': {
      // file-type falls back to folder names; require the declared main part to agree.
      const inner = inspectOoxml(buf);
      return inner === type.ext ? inner : null;
    }
    case 'cfb':
      return inspectCfb(buf);
    default:
      return null;
  }
}
