import type { Language } from '@safqa/shared/constants';
import type { Db } from '../../db/client';
import { renderEmail } from '../../mail/render-email';
import type { Mailer } from '../../plugins/mailer';
import { emailText, type EmailKind } from './texts';

/** Account links point at the web app (API.md "Auth"). */
export function verifyEmailUrl(publicUrl: string, token: string, userId: number): string {
  const url = new URL('/verify-email', publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('userId', String(userId));
  return url.toString();
}

export function resetPasswordUrl(publicUrl: string, token: string): string {
  const url = new URL('/reset-password', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function forgotPasswordUrl(publicUrl: string): string {
  return new URL('/forgot-password', publicUrl).toString();
}

export interface AccountMail {
  to: string;
  username: string;
  lang: Language;
  kind: EmailKind;
  url: string;
}

/**
 * The account emails (verify, reset, password changed). `queue` writes to the outbox inside the
 * caller's transaction when there is one, so the email stands or falls with the change it reports.
 */
export function createAccountMails(deps: { mailer: Pick<Mailer, 'enqueue'> }) {
  const { mailer } = deps;
  return {
    async queue(db: Db, mail: AccountMail): Promise<void> {
      const text = emailText(mail.kind, mail.lang, mail.username);
      const rendered = renderEmail({
        lang: mail.lang,
        subject: text.subject,
        heading: text.heading,
        paragraphs: text.paragraphs,
        action: { label: text.actionLabel, url: mail.url },
      });
      await mailer.enqueue({ to: mail.to, ...rendered }, db);
    },
  };
}
