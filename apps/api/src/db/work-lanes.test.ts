import { describe, expect, it } from 'vitest';
import { isBackgroundWork, laneRoutedDb, runAsBackground } from './work-lanes';

/** A stand-in for a drizzle instance: which one answered, and `this` kept on it. */
class FakeDb {
  constructor(readonly name: string) {}
  select() {
    return this.name;
  }
}

describe('work lanes', () => {
  it('sends background work to the background instance, and requests to theirs', async () => {
    const db = laneRoutedDb(new FakeDb('requests'), new FakeDb('background'));
    expect(db.select()).toBe('requests');
    expect(db.name).toBe('requests');
    expect(runAsBackground(() => db.select())).toBe('background');
    expect(isBackgroundWork()).toBe(false);
  });

  it('keeps the lane through the timers and promises the work starts (a polling loop’s chain)', async () => {
    const db = laneRoutedDb(new FakeDb('requests'), new FakeDb('background'));
    const seen = await runAsBackground(
      () =>
        new Promise<string[]>((resolve) => {
          setTimeout(() => {
            const first = db.select();
            void Promise.resolve().then(() => setTimeout(() => resolve([first, db.select()]), 1));
          }, 1);
        }),
    );
    expect(seen).toEqual(['background', 'background']);
    expect(db.select()).toBe('requests');
  });
});
