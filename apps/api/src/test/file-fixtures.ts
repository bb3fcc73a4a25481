import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Real files built in memory for upload tests: images by sharp, a PDF by hand, OOXML zips and
 * Compound File Binaries with a minimal valid structure, and a multipart body builder.
 */

export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF (camera make and GPS-like comment) so metadata stripping can be checked. */
export async function jpegWithExif(width = 3000, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 24.7136 46.6753' } })
    .toBuffer();
}

export async function webpImage(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 20, channels: 4, background: '#00ff0080' } })
    .webp()
    .toBuffer();
}

export function pdfDocument(text = 'Safqa teaser'): Buffer {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >> endobj
4 0 obj << /Length ${text.length + 24} >> stream
BT /F1 12 Tf 10 100 Td (${text}) Tj ET
endstream endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return Buffer.from(body, 'latin1');
}

export interface ZipItem {
  name: string;
  data: string | Buffer;
}

export function zipArchive(items: ZipItem[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const item of items) {
    const data = Buffer.isBuffer(item.data) ? item.data : Buffer.from(item.data, 'utf8');
    const compressed = deflateRawSync(data);
    const name = Buffer.from(item.name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(items.length, 8);
  end.writeUInt16LE(items.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const OOXML = {
  docx: {
    part: 'word/document.xml',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  },
  xlsx: {
    part: 'xl/workbook.xml',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  },
  pptx: {
    part: 'ppt/presentation.xml',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  },
} as const;

/** A minimal OOXML package; `contentType` overrides the declared main type (e.g. macro-enabled). */
export function officeDocument(
  kind: keyof typeof OOXML,
  options: { contentType?: string; extra?: ZipItem[] } = {},
): Buffer {
  const { part, type } = OOXML[kind];
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/${part}" ContentType="${options.contentType ?? type}"/>
</Types>`;
  return zipArchive([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: '_rels/.rels', data: '<?xml version="1.0"?><Relationships/>' },
    { name: part, data: '<?xml version="1.0"?><root/>' },
    ...(options.extra ?? []),
  ]);
}

/** A Compound File Binary (sector size 512) whose directory lists `streams` under the root. */
export function compoundFile(streams: string[]): Buffer {
  if (streams.length > 3) throw new Error('one directory sector holds the root and three streams');
  const SECTOR = 512;
  const FREE = 0xffffffff;
  const END = 0xfffffffe;
  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory starts at sector 1
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END, 0x3c);
  header.writeUInt32LE(0, 0x40);
  header.writeUInt32LE(END, 0x44);
  header.writeUInt32LE(0, 0x48);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4);

  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 is the FAT itself
  fat.writeUInt32LE(END, 4); // sector 1 (directory) ends its chain

  const directory = Buffer.alloc(SECTOR);
  const writeEntry = (index: number, name: string, type: number) => {
    const p = index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(directory, p);
    directory.writeUInt16LE(encoded.length, p + 0x40);
    directory[p + 0x42] = type;
    directory.writeUInt32LE(FREE, p + 0x44);
    directory.writeUInt32LE(FREE, p + 0x48);
    directory.writeUInt32LE(index === 0 && streams.length ? 1 : FREE, p + 0x4c);
    directory.writeUInt32LE(END, p + 0x74);
  };
  writeEntry(0, 'Root Entry', 5);
  streams.forEach((name, i) => writeEntry(i + 1, name, 2));
  return Buffer.concat([header, fat, directory]);
}

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body with the given files (and plain fields), as a browser would send it. */
export function multipart(files: MultipartFile[], fields: Record<string, string> = {}) {
  const boundary = `----safqa${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
