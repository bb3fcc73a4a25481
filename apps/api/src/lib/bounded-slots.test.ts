import { describe, expect, it } from 'vitest';
import { BoundedSlots } from './bounded-slots';

class Refused extends Error {}
const slots = (limit: number, waitMs: number, maxWaiting: number) =>
  new BoundedSlots({ limit, waitMs, maxWaiting }, (why) => new Refused(why));
const settled = async (promise: Promise<unknown>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'held'),
    () => (state = 'refused'),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return state;
};

describe('bounded slots', () => {
  it('gives a freed slot to the longest waiter, and keeps the count', async () => {
    const s = slots(2, 1_000, 5);
    const first = await s.acquire();
    await s.acquire();
    const third = s.acquire();
    const fourth = s.acquire();
    expect(await settled(third)).toBe('pending');
    expect(s.waiting).toBe(2);
    first();
    first(); // a second call gives nothing back twice
    expect(await settled(third)).toBe('held');
    expect(await settled(fourth)).toBe('pending');
    expect(s.running).toBe(2);
    (await third)();
    expect(await settled(fourth)).toBe('held');
    expect(s.waiting).toBe(0);
    expect(s.running).toBe(2);
  });

  it('refuses at once when too many wait, and after the wait bound otherwise', async () => {
    const s = slots(1, 30, 1);
    await s.acquire();
    const waiter = s.acquire();
    await expect(s.acquire()).rejects.toBeInstanceOf(Refused);
    const started = Date.now();
    await expect(waiter).rejects.toThrow(/within 30 ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20);
    // The timed-out waiter left the queue: the next may wait again.
    expect(s.waiting).toBe(0);
    expect(await settled(s.acquire())).toBe('pending');
  });
});
