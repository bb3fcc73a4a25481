import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, type LockHolder } from './data-dir-lock';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-lock-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const lockFile = () => path.join(dataDir, 'pglite.lock');
const holderOnDisk = () => JSON.parse(readFileSync(lockFile(), 'utf8')) as LockHolder;

/** The pid of a process that has exited (and so holds nothing). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('lockDataDir', () => {
  it('gives the directory to one holder and refuses the next, naming the holder', () => {
    const lock = lockDataDir(dataDir);
    expect(holderOnDisk()).toMatchObject({ pid: process.pid, host: hostname() });
    let refused: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`in use by process ${process.pid} on ${hostname()}`);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataDir(dataDir).release();
  });

  it('takes over a lock left by a process that no longer runs (kill -9)', () => {
    const stale: LockHolder = {
      pid: deadPid(),
      host: hostname(),
      startedAt: '2026-01-01T00:00:00Z',
      processStart: null,
      token: 'old',
    };
    writeFileSync(lockFile(), JSON.stringify(stale));
    const lock = lockDataDir(dataDir);
    expect(holderOnDisk()).toMatchObject({ pid: process.pid, token: lock.holder.token });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reused after a reboot)', () => {
    const reused: LockHolder = {
      pid: process.pid,
      host: hostname(),
      startedAt: '2026-01-01T00:00:00Z',
      processStart: '1',
      token: 'old',
    };
    writeFileSync(lockFile(), JSON.stringify(reused));
    const lock = lockDataDir(dataDir);
    expect(holderOnDisk().token).toBe(lock.holder.token);
    lock.release();
  });

  it('takes over an unreadable lock file once it stays unreadable', () => {
    writeFileSync(lockFile(), '{"pid": 12');
    const lock = lockDataDir(dataDir);
    expect(holderOnDisk().token).toBe(lock.holder.token);
    lock.release();
  });

  it('never removes a lock that another process took over meanwhile', () => {
    const lock = lockDataDir(dataDir);
    const other = { ...lock.holder, token: 'someone-else' };
    writeFileSync(lockFile(), JSON.stringify(other));
    lock.release();
    expect(holderOnDisk().token).toBe('someone-else');
  });
});
