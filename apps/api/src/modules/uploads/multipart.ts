import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

export interface ReceivedFile {
  buffer: Buffer;
  filename: string | undefined;
  /** The text fields sent with the file (at most 10, each at most 1 KB); the last of a name wins. */
  fields: Record<string, string>;
}

/**
 * Reads exactly one file from multipart field `field`, at most `maxBytes` long. A body announced
 * larger than that is refused before it is read; a file that turns out larger is refused as soon as
 * it passes the limit (413). A second file, another field name, or no file are 400; a body that is
 * not multipart is 415.
 */
export async function receiveSingleFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes + ENVELOPE_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE');
  }
  const invalid = (key: string) => new AppError(400, 'VALIDATION_FAILED', { fields: { [field]: key } });

  let received: Omit<ReceivedFile, 'fields'> | undefined;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw invalid('file_required');
      }
      received = { buffer: await part.toBuffer(), filename: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'PAYLOAD_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT') throw invalid('one_file_only');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
    // Parts or fields limits, truncated or malformed bodies: the client's fault, not ours.
    request.log.info({ err: error }, 'multipart body refused');
    throw invalid('file_required');
  }
  if (!received || received.buffer.length === 0) throw invalid('file_required');
  return { ...received, fields };
}
