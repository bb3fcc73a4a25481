/**
 * The progress bar on standard error: one line rewritten in place on a terminal; on anything else
 * (CI logs, a file) a plain line per finished table and at most one every 10 s, so logs stay readable.
 */
export interface Progress {
  start(table: string, expected: number): void;
  add(rows: number): void;
  finish(table: string, rows: number, ms: number): void;
  note(text: string): void;
}

export function createProgress(totalRows: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = Boolean(stream.isTTY);
  const began = Date.now();
  let done = 0;
  let table = '';
  let lastDraw = 0;
  const elapsed = () => `${((Date.now() - began) / 1000).toFixed(0)} s`;
  const draw = () => {
    const share = Math.min(1, done / totalRows);
    if (tty) {
      const width = 30;
      const filled = Math.round(share * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      stream.write(
        `\r[${bar}] ${(share * 100).toFixed(1)}% ${table} ${done.toLocaleString('en-US')} rows ${elapsed()}\x1b[K`,
      );
    } else {
      stream.write(
        `scale:load ${(share * 100).toFixed(1)}% ${table} ${done.toLocaleString('en-US')} rows ${elapsed()}\n`,
      );
    }
  };
  return {
    start(name) {
      table = name;
      if (tty) draw();
    },
    add(rows) {
      done += rows;
      const now = Date.now();
      if (now - lastDraw >= (tty ? 200 : 10_000)) {
        lastDraw = now;
        draw();
      }
    },
    finish(name, rows, ms) {
      const rate = ms > 0 ? Math.round((rows * 1000) / ms) : rows;
      const text = `${name}: ${rows.toLocaleString('en-US')} rows in ${(ms / 1000).toFixed(1)} s (${rate.toLocaleString('en-US')} rows/s)`;
      stream.write(tty ? `\r${text}\x1b[K\n` : `scale:load ${text}\n`);
      if (tty) draw();
    },
    note(text) {
      stream.write(tty ? `\r${text}\x1b[K\n` : `scale:load ${text}\n`);
      if (tty) draw();
    },
  };
}
