import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../db/schema/mail';
import { TEST_PASSWORD } from './factories';
import { TestClient } from './test-app';

/** Signs in through POST /api/auth/login (a real session with a refresh token). */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string = TEST_PASSWORD,
): Promise<{ accessToken: string; refreshToken: string; client: TestClient }> {
  const client = new TestClient(app);
  const res = await client.post('/api/auth/login', { email, password, recaptchaToken: 'test' });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { accessToken: string; refreshToken: string };
  client.accessToken = body.accessToken;
  return { ...body, client };
}

export interface CaughtMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Emails queued in the outbox for `to`, newest first (after mails sent once a request has answered). */
export async function mailsTo(app: FastifyInstance, to: string): Promise<CaughtMail[]> {
  await app.auth.settleAfterAnswerTasks();
  return app.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id));
}

/** The first link of the plain-text part of `mail` whose path is `path` (e.g. '/verify-email'). */
export function linkIn(mail: CaughtMail, path: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return url;
  }
  throw new Error(`no ${path} link in mail "${mail.subject}"`);
}

/** The median, so one request slowed by a busy machine does not decide a timing comparison. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
