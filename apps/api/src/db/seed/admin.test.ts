import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { hashPassword, verifyPassword } from '../../lib/password';
import { createLocalStorage } from '../../storage/storage';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from '../client';
import { users } from '../schema/users';
import { seed } from './seed';

/** ADMIN_EMAIL / ADMIN_PASSWORD handling (demo content off, so no artwork is rendered). */
describe('seed: configured admin account', () => {
  let database: Database;
  let dataDir: string;
  const printed: string[] = [];
  const run = (env: Record<string, string>) =>
    seed({
      database,
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dataDir, ...env }),
      storage: createLocalStorage(dataDir),
      print: (text) => printed.push(text),
    });
  const userByEmail = async (email: string) =>
    (
      await database.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
    )[0];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-seed-admin-'));
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The tests share one database and run shuffled: each uses its own email, and counts what it added.
  const adminCount = async () =>
    (
      (await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.role, 'admin'))) as [{ n: number }]
    )[0].n;

  it('creates a verified admin with the configured password, once', async () => {
    printed.length = 0;
    const before = await adminCount();
    const env = { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Str0ng!Passw0rd' };
    expect((await run(env)).admin).toBe('created');
    const admin = await userByEmail('boss@example.com');
    expect(admin).toMatchObject({ role: 'admin', email: 'boss@example.com' });
    expect(admin!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(admin!.passwordHash, 'Str0ng!Passw0rd')).toBe(true);

    const again = await run(env);
    expect(again.admin).toBe('unchanged');
    expect(again.warnings).toEqual([]);
    expect(await adminCount()).toBe(before + 1);
    expect((await userByEmail('boss@example.com'))!.passwordHash).toBe(admin!.passwordHash);
    expect(printed).toEqual([]);
  });

  it('resets the password when the configured one changes', async () => {
    await run({ ADMIN_EMAIL: 'reset@example.com', ADMIN_PASSWORD: 'Str0ng!Passw0rd' });
    expect((await run({ ADMIN_EMAIL: 'reset@example.com', ADMIN_PASSWORD: 'N3w!Password' })).admin).toBe(
      'password-reset',
    );
    const admin = await userByEmail('reset@example.com');
    expect(await verifyPassword(admin!.passwordHash, 'N3w!Password')).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'Str0ng!Passw0rd')).toBe(false);
  });

  it('promotes and verifies an existing owner with that email and sets the password', async () => {
    await database.db.insert(users).values({
      username: 'مالك',
      email: 'owner@example.com',
      passwordHash: await hashPassword('Old!Passw0rd'),
      role: 'owner',
    });
    const report = await run({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Adm1n!Passw0rd' });
    expect(report.admin).toBe('promoted');
    const promoted = await userByEmail('owner@example.com');
    expect(promoted).toMatchObject({ role: 'admin', username: 'مالك' });
    expect(promoted!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(promoted!.passwordHash, 'Adm1n!Passw0rd')).toBe(true);
  });

  it('warns about a weak configured password and about an email without a password', async () => {
    const weak = await run({ ADMIN_EMAIL: 'weak@example.com', ADMIN_PASSWORD: 'weakpass' });
    expect(weak.warnings.join(' ')).toMatch(/ADMIN_PASSWORD does not meet/);
    const missing = await run({ ADMIN_EMAIL: 'someone@example.com' });
    expect(missing.admin).toBe('none');
    expect(missing.warnings.join(' ')).toMatch(/without ADMIN_PASSWORD/);
    expect(await userByEmail('someone@example.com')).toBeUndefined();
  });
});
