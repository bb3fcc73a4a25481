import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatchedLogStream } from './batched-log-stream';

afterEach(() => vi.useRealTimers());

function stream(options: { maxDelayMs?: number; maxBytes?: number } = {}) {
  const writes: string[] = [];
  let exitFlush: (() => void) | undefined;
  const log = createBatchedLogStream({
    ...options,
    output: (chunk) => writes.push(chunk),
    onExit: (f) => (exitFlush = f),
  });
  return { log, writes, exit: () => exitFlush?.() };
}

describe('createBatchedLogStream', () => {
  it('writes the lines of one moment together, once the delay has passed', () => {
    vi.useFakeTimers();
    const { log, writes } = stream({ maxDelayMs: 100 });
    log.write('a\n');
    log.write('b\n');
    vi.advanceTimersByTime(99);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['a\nb\n']);
    log.write('c\n');
    vi.advanceTimersByTime(100);
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes at once when the batch reaches its size, in order, and never writes nothing', () => {
    vi.useFakeTimers();
    const { log, writes } = stream({ maxDelayMs: 100, maxBytes: 10 });
    log.write('12345');
    log.write('67890');
    expect(writes).toEqual(['1234567890']);
    log.write('x');
    vi.advanceTimersByTime(1000);
    expect(writes).toEqual(['1234567890', 'x']);
    log.flush();
    vi.advanceTimersByTime(1000);
    expect(writes).toEqual(['1234567890', 'x']);
  });

  it('writes what waits when the process exits', () => {
    vi.useFakeTimers();
    const { log, writes, exit } = stream();
    log.write('last words\n');
    exit();
    expect(writes).toEqual(['last words\n']);
  });
});
