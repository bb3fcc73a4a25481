import type { FastifyInstance } from 'fastify';
import type { Language } from '@safqa/shared/constants';
import type { Db } from '../../db/client';
import { renderEmail } from '../../mail/render-email';
import { emailText, type EmailKind } from './texts';

/** Account links point at the web app (API.md "Auth"). */
export function verifyEmailUrl(app: FastifyInstance, token: string, userId: number): string {
  const url = new URL('/verify-email', app.config.publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('userId', String(userId));
  return url.toString();
}

export function resetPasswordUrl(app: FastifyInstance, token: string): string {
  const url = new URL('/reset-password', app.config.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function forgotPasswordUrl(app: FastifyInstance): string {
  return new URL('/forgot-password', app.config.publicUrl).toString();
}

/** Queues an account email in the outbox, inside the caller's transaction when there is one. */
export async function queueAccountEmail(
  app: FastifyInstance,
  db: Db,
  mail: { to: string; username: string; lang: Language; kind: EmailKind; url: string },
): Promise<void> {
  const text = emailText(mail.kind, mail.lang, mail.username);
  const rendered = renderEmail({
    lang: mail.lang,
    subject: text.subject,
    heading: text.heading,
    paragraphs: text.paragraphs,
    action: { label: text.actionLabel, url: mail.url },
  });
  await app.mailer.enqueue({ to: mail.to, ...rendered }, db);
}
