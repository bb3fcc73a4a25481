import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process per embedded database (issue 10). PGlite keeps the database in memory and writes it to
 * DATA_DIR: two processes on one directory each believe they own it, and whatever the second one
 * writes last wins on disk, so writes the other acknowledged vanish at the next start. A lock file
 * created with O_EXCL decides who owns the directory; a lock left by a process that no longer runs
 * (kill -9, a crash, a reboot) is taken over.
 */

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  /** The kernel's start time of the process (Linux), so a reused pid is not taken for the holder. */
  processStart: string | null;
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by process ${holder.pid} on ${holder.host} ` +
        `(started ${holder.startedAt}). Stop that process first, or give this one another DATA_DIR ` +
        '(or DATABASE_URL for a PostgreSQL server that several processes can share).',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true; // Another machine: we cannot tell, so it holds it.
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return true;
    return false;
  }
  const start = processStartOf(holder.pid);
  return !(holder.processStart && start && start !== holder.processStart);
}

function readHolder(lockFile: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as LockHolder;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? holder : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  holder: LockHolder;
  /** Removes the lock if it is still ours (idempotent). */
  release(): void;
}

/**
 * Takes `<dataDir>/pglite.lock` or throws DataDirLockedError naming the process that holds it. A
 * stale lock is first renamed away (of several starters racing for it, one rename succeeds), then
 * created again with O_EXCL, so exactly one process ends up owning the directory.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.lock');
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
    token: randomBytes(12).toString('hex'),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o644);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readHolder(lockFile)?.token === me.token) unlinkSync(lockFile);
      };
      process.once('exit', release);
      return { holder: me, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockFile);
    // An unreadable lock is being written by a starter right now: look again.
    if (holder && isRunning(holder)) throw new DataDirLockedError(lockFile, holder);
    if (!holder && attempt < 2) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    try {
      renameSync(lockFile, `${lockFile}.stale-${me.token}`);
      unlinkSync(`${lockFile}.stale-${me.token}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const holder = readHolder(lockFile);
  if (holder) throw new DataDirLockedError(lockFile, holder);
  throw new Error(`could not take ${lockFile}`);
}
