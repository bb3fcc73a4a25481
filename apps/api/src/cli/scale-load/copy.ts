import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A value of one column in COPY's text format; null and undefined are NULL. */
export type Cell = string | number | boolean | null | undefined;

/** Backslash, tab and line breaks are the only characters COPY's text format needs escaped. */
function escapeCell(value: Cell): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : value;
}

export function line(cells: Cell[]): string {
  return `${cells.map(escapeCell).join('\t')}\n`;
}

/** Rows are batched into chunks of this many characters: one write per row costs more than the row. */
const CHUNK_CHARS = 256 * 1024;

function* chunks(rows: Iterable<Cell[]>, onRows: (count: number) => void): Generator<string> {
  let buffer = '';
  let count = 0;
  for (const row of rows) {
    buffer += line(row);
    count++;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      onRows(count);
      buffer = '';
      count = 0;
    }
  }
  if (buffer) {
    yield buffer;
    onRows(count);
  }
}

/** Streams `rows` into `table` with one COPY; returns how many rows went in. */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: Iterable<Cell[]>,
  onRows: (count: number) => void = () => {},
): Promise<number> {
  let total = 0;
  const sink = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  const source = Readable.from(
    chunks(rows, (count) => {
      total += count;
      onRows(count);
    }),
  );
  await pipeline(source, sink);
  return total;
}
