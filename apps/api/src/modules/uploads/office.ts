import { inflateRawSync } from 'node:zlib';

/**
 * Looks inside Office containers instead of trusting a magic number: an OOXML file (docx, xlsx, pptx)
 * is a zip whose [Content_Types].xml names its main part, and a legacy file (doc, xls, ppt) is a
 * Compound File Binary whose directory holds the application's main stream. Macro-enabled variants
 * and anything unrecognised answer null. Every read is bounds-checked; hostile input throws nothing.
 */
export type OfficeKind = 'docx' | 'xlsx' | 'pptx' | 'doc' | 'xls' | 'ppt';

const OOXML_MAIN_TYPES: Record<string, OfficeKind> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml': 'pptx',
};
const MAX_ZIP_ENTRIES = 20_000;
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

function zipEntries(buf: Buffer): ZipEntry[] | null {
  // End of central directory: 22 bytes plus a comment of up to 65535 bytes.
  const start = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= start; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || count > MAX_ZIP_ENTRIES) return null; // zip64: not an Office file this small
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    if (p + 46 + nameLength > buf.length) return null;
    entries.push({
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      localHeaderOffset: buf.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function zipEntryData(buf: Buffer, entry: ZipEntry): Buffer | null {
  const p = entry.localHeaderOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== 0x04034b50) return null;
  const dataStart = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > buf.length) return null;
  const raw = buf.subarray(dataStart, dataEnd);
  if (entry.method === 0) return raw.length <= MAX_CONTENT_TYPES_BYTES ? raw : null;
  if (entry.method !== 8) return null;
  try {
    // maxOutputLength turns a zip bomb into an error instead of a memory spike.
    return inflateRawSync(raw, { maxOutputLength: MAX_CONTENT_TYPES_BYTES });
  } catch {
    return null;
  }
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
}

/** docx, xlsx or pptx when [Content_Types].xml declares exactly that main part and the part exists. */
export function inspectOoxml(buf: Buffer): OfficeKind | null {
  const entries = zipEntries(buf);
  if (!entries) return null;
  const names = new Set(entries.map((e) => e.name));
  // Macro projects are refused even when the declared type claims a plain document.
  if (entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.name))) return null;
  const contentTypes = entries.find((e) => e.name === '[Content_Types].xml');
  if (!contentTypes) return null;
  const xml = zipEntryData(buf, contentTypes)?.toString('utf8');
  if (!xml) return null;
  const kinds = new Set<OfficeKind>();
  for (const match of xml.matchAll(/<Override\b[^>]*>/g)) {
    const tag = match[0];
    const contentType = attribute(tag, 'ContentType');
    const partName = attribute(tag, 'PartName');
    if (!contentType || !partName) continue;
    if (/macroEnabled/i.test(contentType)) return null;
    const kind = OOXML_MAIN_TYPES[contentType];
    if (kind && names.has(partName.replace(/^\//, ''))) kinds.add(kind);
  }
  return kinds.size === 1 ? [...kinds][0]! : null;
}

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const END_OF_CHAIN = 0xfffffffe;
const MAX_SECTORS_WALKED = 100_000;

/** Names of the entries in a Compound File Binary's directory, or null when it is not one. */
export function cfbEntryNames(buf: Buffer): string[] | null {
  if (buf.length < 512 || !buf.subarray(0, 8).equals(CFB_SIGNATURE)) return null;
  const sectorShift = buf.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const sectorSize = 1 << sectorShift;
  const perSector = sectorSize / 4;
  const sectorOffset = (n: number) => (n + 1) * sectorSize;
  const validSector = (n: number) => n < END_OF_CHAIN - 5 && sectorOffset(n) + sectorSize <= buf.length;

  // The FAT's own sectors: 109 listed in the header, more in a chain of DIFAT sectors. Each DIFAT
  // sector is read once and the FAT is never longer than the file: a 2 KB file whose DIFAT chain
  // named itself once made this loop hold the event loop for seconds and take 300 MB.
  const sectorsInFile = Math.floor(buf.length / sectorSize) - 1;
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const s = buf.readUInt32LE(0x4c + i * 4);
    if (validSector(s)) fatSectors.push(s);
  }
  const difatSeen = new Set<number>();
  let difat = buf.readUInt32LE(0x44);
  while (validSector(difat) && !difatSeen.has(difat) && fatSectors.length < sectorsInFile) {
    difatSeen.add(difat);
    const base = sectorOffset(difat);
    for (let i = 0; i < perSector - 1; i++) {
      const s = buf.readUInt32LE(base + i * 4);
      if (validSector(s)) fatSectors.push(s);
    }
    difat = buf.readUInt32LE(base + (perSector - 1) * 4);
  }
  const next = (n: number): number => {
    const fatIndex = Math.floor(n / perSector);
    const fatSector = fatSectors[fatIndex];
    if (fatSector === undefined) return END_OF_CHAIN;
    return buf.readUInt32LE(sectorOffset(fatSector) + (n % perSector) * 4);
  };

  const names: string[] = [];
  const seen = new Set<number>();
  let sector = buf.readUInt32LE(0x30);
  while (sector !== END_OF_CHAIN) {
    if (!validSector(sector) || seen.has(sector) || seen.size >= MAX_SECTORS_WALKED) return null;
    seen.add(sector);
    const base = sectorOffset(sector);
    for (let entry = 0; entry < sectorSize / 128; entry++) {
      const p = base + entry * 128;
      const type = buf[p + 0x42];
      const nameLength = buf.readUInt16LE(p + 0x40);
      if (!type || nameLength < 2 || nameLength > 64) continue;
      names.push(buf.toString('utf16le', p, p + nameLength - 2));
    }
    sector = next(sector);
  }
  return names.length ? names : null;
}

/** doc, xls or ppt by the main stream in a Compound File Binary; macro storages are refused. */
export function inspectCfb(buf: Buffer): OfficeKind | null {
  const names = cfbEntryNames(buf);
  if (!names) return null;
  const has = (n: string) => names.includes(n);
  if (has('Macros') || has('_VBA_PROJECT_CUR') || has('VBA')) return null;
  if (has('WordDocument')) return 'doc';
  if (has('Workbook') || has('Book')) return 'xls';
  if (has('PowerPoint Document')) return 'ppt';
  return null;
}
