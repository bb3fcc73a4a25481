import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { PollingLoop } from './polling-loop';

type Spy = ReturnType<typeof vi.fn>;
const logger = () =>
  ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() }) as unknown as FastifyBaseLogger & {
    error: Spy;
    warn: Spy;
    info: Spy;
  };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PollingLoop', () => {
  it('runs the pass again after each one ends, never two at once, and keeps going after a failure', async () => {
    let active = 0;
    let overlapped = false;
    let passes = 0;
    const log = logger();
    const loop = new PollingLoop(
      async () => {
        active += 1;
        overlapped ||= active > 1;
        passes += 1;
        await sleep(15);
        active -= 1;
        if (passes === 2) throw new Error('database away');
      },
      5,
      log,
      'pass failed',
    );
    loop.start();
    loop.start();
    await sleep(150);
    await loop.stop();
    expect(passes).toBeGreaterThanOrEqual(4);
    expect(overlapped).toBe(false);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'pass failed',
    );
  });

  it('stop() waits for the pass in progress, which sees `closing`, and no pass starts after it', async () => {
    let sawClosing = false;
    let passes = 0;
    let finished = false;
    const loop: PollingLoop = new PollingLoop(
      async () => {
        passes += 1;
        await sleep(40);
        sawClosing = loop.closing;
        finished = true;
      },
      5,
      logger(),
      'pass failed',
    );
    loop.start();
    await sleep(10);
    await loop.stop();
    expect(finished).toBe(true);
    expect(sawClosing).toBe(true);
    const after = passes;
    await sleep(50);
    expect(passes).toBe(after);
  });

  it('logs a database restart as one warning and one recovery line, not an error per pass, and backs off', async () => {
    const refused = () =>
      new Error('Failed query', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    const startedAt: number[] = [];
    const log = logger();
    const loop = new PollingLoop(
      async () => {
        startedAt.push(performance.now());
        if (startedAt.length <= 5) throw refused();
      },
      5,
      log,
      'job runner pass failed',
    );
    loop.start();
    const deadline = Date.now() + 5_000;
    while (startedAt.length < 7 && Date.now() < deadline) await sleep(20);
    await loop.stop();
    expect(startedAt.length).toBeGreaterThanOrEqual(7);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toEqual({ reason: 'connect ECONNREFUSED 127.0.0.1:5432' });
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0]![0]).toEqual({ failedPasses: 5 });
    // 10, 20, 40, 80 ms between the failing passes (at least), then the interval again.
    const gaps = startedAt.slice(1).map((at, i) => at - startedAt[i]!);
    expect(gaps[4]!).toBeGreaterThanOrEqual(150);
    expect(gaps[4]!).toBeGreaterThan(gaps[0]! * 4);
  });

  it('says it is retrying while passes fail for a timed-out statement, and not once one works', async () => {
    const timedOut = () =>
      new Error('Failed query', {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      });
    let passes = 0;
    let failing = true;
    const loop = new PollingLoop(
      async () => {
        passes += 1;
        if (failing) throw timedOut();
      },
      5,
      logger(),
      'mail worker run failed',
    );
    expect(loop.retrying).toBe(false);
    loop.start();
    while (passes < 2) await sleep(5);
    expect(loop.retrying).toBe(true);
    failing = false;
    const deadline = Date.now() + 5_000;
    while (loop.retrying && Date.now() < deadline) await sleep(10);
    await loop.stop();
    expect(loop.retrying).toBe(false);
  });

  it('still logs every other failure as an error', async () => {
    let passes = 0;
    const log = logger();
    const loop = new PollingLoop(
      async () => {
        passes += 1;
        throw new TypeError('a bug');
      },
      5,
      log,
      'pass failed',
    );
    loop.start();
    while (passes < 3) await sleep(5);
    await loop.stop();
    expect(log.error.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
