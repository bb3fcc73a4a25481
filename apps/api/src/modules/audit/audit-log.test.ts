import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '@safqa/shared/validation/audit';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';
import { seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;

const FAQ = {
  questionAr: 'كيف أراجع سجل التدقيق؟',
  answerAr: 'من لوحة الإدارة، تبويب سجل التدقيق.',
  questionEn: 'How do I read the audit log?',
  answerEn: 'From the admin console, the Audit log tab.',
};

async function logOf(query: string): Promise<AuditLogEntry[]> {
  const res = await admin.client.get(`/api/admin/audit-log?pageSize=50&${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  admin = await createUser(t.app, { role: 'admin', username: 'auditor_amal' });
  owner = await createUser(t.app);
});
afterAll(async () => t.close());

describe('the audit log records admin writes', () => {
  it('records a moderation decision with who, from where, what and why, and a refused one not at all', async () => {
    const id = (await createListing(t.app, owner)).id;
    const reject = await admin.client.post(
      `/api/admin/opportunities/${id}/reject`,
      { reason: 'The financial figures do not add up.' },
      { remoteAddress: '203.0.113.7' },
    );
    expect(reject.statusCode).toBe(200);
    // Rejecting twice is refused (409) and must leave no second row.
    expect(
      (await admin.client.post(`/api/admin/opportunities/${id}/reject`, { reason: 'Again, same.' }))
        .statusCode,
    ).toBe(409);

    const rows = await logOf(`targetType=opportunity&targetId=${id}`);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        actor: { id: admin.id, username: 'auditor_amal' },
        action: 'opportunity.reject',
        targetType: 'opportunity',
        targetId: String(id),
        details: { from: 'pending', to: 'rejected', reason: 'The financial figures do not add up.' },
        ip: '203.0.113.7',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('records the verified badge, FAQ writes and error-log decisions; a failed write leaves nothing', async () => {
    const id = (await createListing(t.app, owner)).id;
    expect(
      (await admin.client.put(`/api/admin/opportunities/${id}/verified`, { isVerified: true })).statusCode,
    ).toBe(200);
    const created = await admin.client.post('/api/admin/faqs', FAQ);
    expect(created.statusCode).toBe(201);
    const faqId = created.json().data.id as number;
    expect((await admin.client.delete(`/api/admin/faqs/${faqId}`)).statusCode).toBe(204);
    // A second delete is 404: nothing happened, nothing recorded.
    expect((await admin.client.delete(`/api/admin/faqs/${faqId}`)).statusCode).toBe(404);
    expect(
      (await admin.client.put('/api/admin/opportunities/2147483000/verified', { isVerified: true }))
        .statusCode,
    ).toBe(404);

    expect((await logOf(`targetType=opportunity&targetId=${id}`)).map((r) => r.action)).toEqual([
      'opportunity.verify',
    ]);
    expect((await logOf(`targetType=faq&targetId=${faqId}`)).map((r) => r.action)).toEqual([
      'faq.delete',
      'faq.create',
    ]);
    expect(await logOf('targetType=opportunity&targetId=2147483000')).toEqual([]);
  });

  it('keeps the name the actor had when they acted', async () => {
    const other = await createUser(t.app, { role: 'admin', username: 'renamed_later' });
    const created = await other.client.post('/api/admin/faqs', FAQ);
    await t.app.db.update(users).set({ username: 'new_name' }).where(eq(users.id, other.id));
    const [row] = await logOf(`actorId=${other.id}`);
    expect(row).toMatchObject({
      action: 'faq.create',
      targetId: String(created.json().data.id),
      actor: { username: 'renamed_later' },
    });
  });
});

/** The database's own message for a refused statement (drizzle wraps it as the error's cause). */
async function refusal(statement: SQL): Promise<string> {
  try {
    await t.app.db.execute(statement);
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  return 'not refused';
}

describe('nothing can rewrite the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE from the application, and the rows stay as written', async () => {
    await admin.client.post('/api/admin/faqs', FAQ);
    const before = await t.app.db.select().from(auditLog).orderBy(auditLog.id);
    expect(before.length).toBeGreaterThan(0);
    expect(await refusal(sql`UPDATE audit_log SET action = 'faq.nothing'`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only/);
    const after = await t.app.db.select().from(auditLog).orderBy(auditLog.id);
    expect(after.slice(0, before.length)).toEqual(before);
  });
});

describe('security events reach the audit log', () => {
  it('writes each emitted event as a security.<type> row of the user concerned', async () => {
    t.app.securityEvents.emit({
      type: 'password_changed',
      userId: owner.id,
      ip: '198.51.100.4',
      sessionId: 'fam-1',
    });
    let rows: AuditLogEntry[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await logOf(`action=security.password_changed&targetId=${owner.id}`);
    }
    expect(rows).toEqual([
      expect.objectContaining({
        actor: { id: owner.id, username: owner.username },
        targetType: 'user',
        targetId: String(owner.id),
        ip: '198.51.100.4',
        details: { sessionId: 'fam-1' },
      }),
    ]);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('filters by days, pages newest first, and refuses bad filters with 400', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await admin.client.post('/api/admin/faqs', FAQ)).statusCode).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const page = await admin.client.get(`/api/admin/audit-log?from=${today}&to=${today}&pageSize=2`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.data).toHaveLength(2);
    expect(body.pagination.total).toBeGreaterThan(2);
    expect(Date.parse(body.data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(body.data[1].createdAt));
    expect(
      (await admin.client.get('/api/admin/audit-log?from=2001-01-01&to=2001-01-02')).json().data,
    ).toEqual([]);

    for (const bad of ['from=yesterday', 'to=2026-02-31x', 'actorId=abc', 'actorId=0', 'sort=id']) {
      const res = await admin.client.get(`/api/admin/audit-log?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('is for admins only: 401 signed out, 403 for a user', async () => {
    expect((await new TestClient(t.app).get('/api/admin/audit-log')).statusCode).toBe(401);
    const res = await owner.client.get('/api/admin/audit-log');
    expect(res.statusCode).toBe(403);
  });
});
