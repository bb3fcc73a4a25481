import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '../../storage/storage';
import { DEMO_OPPORTUNITIES } from './demo-opportunities';
import { ensureDemoImages } from './demo-images';

const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-demo-images-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('demo pictures at start', () => {
  it('checks the files a few at a time, not every one at once (an empty bucket timed the start out)', async () => {
    const local = createLocalStorage(dataDir);
    let inFlight = 0;
    let most = 0;
    let checked = 0;
    // A bucket's HEAD takes a while; every file is there, so nothing is drawn.
    const bucket: Storage = {
      ...local,
      exists: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight -= 1;
        checked += 1;
        return true;
      },
    };
    expect(await ensureDemoImages(bucket, DEMO_OPPORTUNITIES)).toBe(0);
    expect(checked).toBeGreaterThan(200);
    expect(most).toBeLessThanOrEqual(16);
  });
});
