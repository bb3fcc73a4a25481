import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { PollingLoop } from './polling-loop';

const logger = () =>
  ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };
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
});
