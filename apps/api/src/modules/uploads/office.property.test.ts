import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compoundFile, officeDocument } from '../../test/file-fixtures';
import { cfbEntryNames, inspectCfb, inspectOoxml, type OfficeKind } from './office';

/**
 * office.ts reads uploaded bytes that anyone can craft. Fed random and mutated ZIP/CFB files it must
 * answer a kind or null, never throw, and do work bounded by the file's size (counted in reads, so
 * the bound holds on a slow machine too: a time limit would not).
 */

const KINDS = new Set<OfficeKind | null>(['docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt', null]);

/** The buffer with its 32-bit reads counted (office.ts walks sectors and entries through them). */
function counted(bytes: Uint8Array): { buf: Buffer; reads: () => number } {
  const buf = Buffer.from(bytes);
  const read = buf.readUInt32LE.bind(buf);
  let reads = 0;
  buf.readUInt32LE = (offset?: number) => {
    reads++;
    return read(offset);
  };
  return { buf, reads: () => reads };
}

/** Generous but linear: one read per byte, plus the 20,000 central-directory entries zip allows. */
const readBudget = (length: number) => 2 * length + 50_000;

function inspectEverything(bytes: Uint8Array) {
  const { buf, reads } = counted(bytes);
  const ooxml = inspectOoxml(buf);
  const cfb = inspectCfb(buf);
  const names = cfbEntryNames(buf);
  expect(KINDS.has(ooxml)).toBe(true);
  expect(KINDS.has(cfb)).toBe(true);
  expect(names === null || names.every((name) => typeof name === 'string')).toBe(true);
  expect(reads()).toBeLessThanOrEqual(readBudget(bytes.length));
}

/** A valid file with bytes overwritten, cut short or spliced in: what a fuzzer would try first. */
const mutated = (seeds: Buffer[]) =>
  fc
    .record({
      seed: fc.constantFrom(...seeds),
      writes: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 24 }),
      words: fc.array(fc.tuple(fc.nat(), fc.constantFrom(0, 1, 2, 0xfffffffe, 0xffffffff, 0x7fffffff)), {
        maxLength: 8,
      }),
      cut: fc.option(fc.nat()),
      splice: fc.option(fc.tuple(fc.nat(), fc.uint8Array({ maxLength: 600 }))),
    })
    .map(({ seed, writes, words, cut, splice }) => {
      let bytes = Buffer.from(seed);
      for (const [at, value] of writes) bytes[at % bytes.length] = value;
      // Whole 32-bit words: sector numbers, offsets and counts that point at themselves or past the end.
      for (const [at, value] of words) {
        const offset = (at % Math.floor(bytes.length / 4)) * 4;
        bytes.writeUInt32LE(value, offset);
      }
      if (splice) {
        const at = splice[0] % bytes.length;
        bytes = Buffer.concat([bytes.subarray(0, at), splice[1], bytes.subarray(at)]);
      }
      if (cut !== null) bytes = bytes.subarray(0, cut % (bytes.length + 1));
      return new Uint8Array(bytes);
    });

describe('office.ts under hostile bytes', () => {
  it('answers a kind or null for random bytes, with or without a ZIP or CFB signature', () => {
    const cfbSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
    const arbitrary = fc.oneof(
      fc.uint8Array({ maxLength: 4096 }),
      fc
        .uint8Array({ minLength: 504, maxLength: 4096 })
        .map((rest) => new Uint8Array([...cfbSignature, ...rest])),
      fc
        .uint8Array({ minLength: 18, maxLength: 2048 })
        .map((rest) => new Uint8Array([...rest, 0x50, 0x4b, 0x05, 0x06, ...rest.slice(0, 18)])),
    );
    fc.assert(fc.property(arbitrary, inspectEverything), { numRuns: 400 });
  });

  it('answers a kind or null for mutated Office packages', () => {
    const seeds = [officeDocument('docx'), officeDocument('xlsx'), officeDocument('pptx')];
    fc.assert(fc.property(mutated(seeds), inspectEverything), { numRuns: 400 });
  });

  it('answers a kind or null for mutated compound files', () => {
    const seeds = [compoundFile(['WordDocument']), compoundFile(['Workbook', 'Macros']), compoundFile([])];
    fc.assert(fc.property(mutated(seeds), inspectEverything), { numRuns: 600 });
  });

  it('reads a DIFAT chain that names itself once (a 2 KB file once held the server for seconds)', () => {
    const loop = Buffer.alloc(512, 0); // every entry names sector 0, a valid sector
    loop.writeUInt32LE(2, 508); // and the chain goes on to this same sector
    const file = Buffer.concat([compoundFile(['WordDocument']), loop]);
    file.writeUInt32LE(2, 0x44);
    const { buf, reads } = counted(file);
    expect(inspectCfb(buf)).toBe('doc');
    expect(reads()).toBeLessThanOrEqual(readBudget(file.length));
  });

  it('still recognises the valid files it is fed (the properties above are not vacuous)', () => {
    expect(inspectOoxml(officeDocument('xlsx'))).toBe('xlsx');
    expect(inspectCfb(compoundFile(['WordDocument']))).toBe('doc');
    expect(inspectCfb(compoundFile(['Workbook', 'Macros']))).toBeNull();
  });
});
