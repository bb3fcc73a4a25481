import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text poppler's pdftotext (Debian: poppler-utils) reads from a PDF, bidi marks removed and
 * whitespace folded: what a reader of the PDF would find with "search" in a viewer.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout.replace(/[\u200e\u200f\u202a-\u202e]/g, '').replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
