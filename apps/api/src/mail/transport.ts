import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { OutboxRow } from './outbox-repository';

/** Delivers one claimed row; resolves to the status the row ends in, throws when delivery failed. */
export interface MailTransport {
  deliver(row: OutboxRow): Promise<'sent' | 'caught'>;
  close(): void;
}

/** MAIL_TRANSPORT=outbox: nothing leaves the machine; rows stay in the table for /api/dev/mail. */
export function createOutboxTransport(): MailTransport {
  return {
    deliver: async () => 'caught',
    close: () => {},
  };
}

/** Domain part of MAIL_FROM, for Message-IDs ("Safqa <no-reply@safqa.local>" gives safqa.local). */
export function fromDomain(mailFrom: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(mailFrom);
  return match?.[1] ?? 'localhost';
}

/** Timeouts stay well under the worker's lease, so a stalled server cannot outlive the claim. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export function createSmtpTransport(config: Pick<Config, 'smtp' | 'mailFrom'>): MailTransport {
  const { url, host, port, user, pass } = config.smtp;
  if (!url && !host) throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL or SMTP_HOST');
  const transporter = url
    ? nodemailer.createTransport({ url, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({
        host,
        port: port ?? 587,
        secure: port === 465,
        auth: user ? { user, pass: pass ?? '' } : undefined,
        ...SMTP_TIMEOUTS,
      });
  const domain = fromDomain(config.mailFrom);
  return {
    deliver: async (row) => {
      await transporter.sendMail({
        from: config.mailFrom,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers ?? undefined,
        attachments: row.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
        // Stable per row: a receiver (or a test) can tell a resend of the same outbox row.
        messageId: `<outbox-${row.id}.${row.createdAt.getTime()}@${domain}>`,
        textEncoding: 'base64',
      });
      return 'sent';
    },
    close: () => transporter.close(),
  };
}

export function createTransport(config: Config): MailTransport {
  return config.mailTransport === 'smtp' ? createSmtpTransport(config) : createOutboxTransport();
}
