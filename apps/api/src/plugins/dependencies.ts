import { randomBytes } from 'node:crypto';
import { statfs, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEPENDENCIES, type Dependency, type OverloadReason } from '../lib/dependency-errors';

export type DiskState = 'ok' | 'full' | 'unwritable';
export type StorageState = 'ok' | 'full' | 'unreachable';

/** What the process knows of its dependencies besides the database: for /api/health and /metrics. */
export interface DependencyMonitor {
  /**
   * A request was refused because `dependency` failed: counted, and reported down for a moment. An
   * overloaded database (a statement timed out, no free connection) is also counted by route.
   */
  refused(dependency: Dependency, overload?: { reason: OverloadReason; route: string }): void;
  /** Requests refused so far, by dependency (since the process started). */
  refusals(): Record<Dependency, number>;
  /** Requests refused for an overloaded database so far, by reason then route pattern. */
  overloads(): Record<OverloadReason, ReadonlyMap<string, number>>;
  /** The disk under DATA_DIR (the embedded database, local uploads): free space and a write. */
  disk(): Promise<DiskState>;
  /** The uploads store: the bucket's own answer, or the disk's state when files live on it. */
  storage(): Promise<StorageState>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dependencies: DependencyMonitor;
  }
}

/** Less room than this is a full disk: PostgreSQL extends its files by 8 KB pages, its WAL by far more. */
export const MIN_FREE_BYTES = 1024 * 1024;
/** How long a disk check (or a refusal) stands before the next health request checks again. */
const DISK_TTL_MS = 2_000;
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

/** A write probe of one page in DATA_DIR, removed at once; a statfs first (free, and catches most). */
export async function probeDisk(dir: string): Promise<DiskState> {
  try {
    const stats = await statfs(dir);
    if (stats.bavail * stats.bsize < MIN_FREE_BYTES) return 'full';
    const file = path.join(dir, `.health-${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(file, Buffer.alloc(8192), { flush: true });
    } finally {
      await unlink(file).catch(() => {});
    }
    return 'ok';
  } catch (error) {
    return NO_SPACE.has((error as NodeJS.ErrnoException).code ?? '') ? 'full' : 'unwritable';
  }
}

async function dependenciesPlugin(app: FastifyInstance) {
  const counts = Object.fromEntries(DEPENDENCIES.map((d) => [d, 0])) as Record<Dependency, number>;
  // Keyed by route patterns (never raw URLs), so bounded by the routes there are.
  const overloads: Record<OverloadReason, Map<string, number>> = {
    statement_timeout: new Map(),
    pool_busy: new Map(),
    list_busy: new Map(),
    reads_busy: new Map(),
  };
  let disk: { at: number; state: DiskState } | null = null;
  let diskCheck: Promise<DiskState> | null = null;

  const checkDisk = async (): Promise<DiskState> => {
    if (disk && Date.now() - disk.at < DISK_TTL_MS) return disk.state;
    diskCheck ??= probeDisk(app.config.dataDir)
      .then((state) => {
        disk = { at: Date.now(), state };
        return state;
      })
      .finally(() => {
        diskCheck = null;
      });
    return diskCheck;
  };

  app.decorate('dependencies', {
    refused(dependency, overload) {
      counts[dependency] += 1;
      if (overload) {
        const byRoute = overloads[overload.reason];
        byRoute.set(overload.route, (byRoute.get(overload.route) ?? 0) + 1);
      }
      // A full disk seen by the embedded database is DATA_DIR's; the database is re-checked by health
      // itself (SELECT 1) and the bucket by its driver.
      if (dependency === 'disk' && app.database.kind === 'pglite') disk = { at: Date.now(), state: 'full' };
    },
    refusals: () => ({ ...counts }),
    overloads: () => overloads,
    disk: checkDisk,
    async storage() {
      if (app.storage.health) return app.storage.health();
      const state = await checkDisk();
      return state === 'ok' ? 'ok' : state === 'full' ? 'full' : 'unreachable';
    },
  } satisfies DependencyMonitor);
}

export default fp(dependenciesPlugin, { name: 'dependencies', dependencies: ['database', 'storage'] });
