import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PLAIN_EMAIL } from '@safqa/shared/validation/common';
import { runAsBackground } from '../db/work-lanes';
import { MailWorker, type ProcessSummary } from '../mail/mail-worker';
import {
  insertOutboxRow,
  insertOutboxRows,
  type DbExecutor,
  type NewOutboxRow,
} from '../mail/outbox-repository';
import { singleLine } from '../mail/render-email';
import { createTransport } from '../mail/transport';

/** One email to one recipient; build subject/text/html with renderEmail (src/mail/render-email.ts). */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (e.g. the visitor who wrote through the contact form). */
  replyTo?: string;
  /** Extra header lines (names like `List-Unsubscribe`); values are made single-line. */
  headers?: Record<string, string>;
  /** Files sent with it (kept in the outbox row, base64). */
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
  /**
   * One of many sent at once (saved-search alerts and digests): sent after every due email a person
   * is waiting for (a reset, a code, an offer), whatever their order in the outbox.
   */
  bulk?: boolean;
}

export interface Mailer {
  /**
   * Queues an email in the outbox and returns its row id. Pass your transaction as `executor` to
   * queue it atomically with your own writes: it is sent only if your transaction commits.
   */
  enqueue(message: OutgoingEmail, executor?: DbExecutor): Promise<number>;
  /** enqueue for many in one statement (bulk alerts); any bad message throws before anything is written. */
  enqueueMany(messages: OutgoingEmail[], executor?: DbExecutor): Promise<void>;
  /** Sends (or, with MAIL_TRANSPORT=outbox, catches) every due row now; the loop does this on its own. */
  processDue(): Promise<ProcessSummary>;
  /** The worker's passes fail for want of the database and are being retried (health, /metrics). */
  retrying(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

function assertAddress(value: string, what: string) {
  if (!PLAIN_EMAIL.test(value)) throw new Error(`mailer: ${what} must be one plain email address`);
}

/** The stored form of a message, after checking what the transport would refuse later. */
function outboxRowOf(message: OutgoingEmail): NewOutboxRow {
  const to = message.to.trim();
  assertAddress(to, 'to');
  const replyTo = message.replyTo?.trim();
  if (replyTo) assertAddress(replyTo, 'replyTo');
  for (const name of Object.keys(message.headers ?? {})) {
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name)) throw new Error(`mailer: bad header name ${name}`);
  }
  return {
    to,
    replyTo: replyTo || null,
    subject: singleLine(message.subject),
    text: message.text,
    html: message.html,
    headers: message.headers
      ? Object.fromEntries(Object.entries(message.headers).map(([name, value]) => [name, singleLine(value)]))
      : null,
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content.toString('base64'),
    })),
    bulk: message.bulk === true,
  };
}

/**
 * The outbox: callers only ever insert rows; a worker loop delivers them (started with the app
 * except in automated tests, which call processDue themselves) and stops on app close.
 */
async function mailerPlugin(app: FastifyInstance) {
  const worker = new MailWorker(app.db, createTransport(app.config), app.log.child({ module: 'mail' }));

  app.decorate('mailer', {
    enqueue: async (message: OutgoingEmail, executor: DbExecutor = app.db) =>
      insertOutboxRow(executor, outboxRowOf(message)),
    enqueueMany: async (messages: OutgoingEmail[], executor: DbExecutor = app.db) =>
      insertOutboxRows(executor, messages.map(outboxRowOf)),
    processDue: () => worker.processDue(),
    retrying: () => worker.retrying,
  } satisfies Mailer);

  if (app.config.env !== 'test') {
    // On the background pool: requests cannot starve the outbox.
    app.addHook('onReady', async () => runAsBackground(() => worker.start()));
  }
  app.addHook('onClose', async () => worker.stop());
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['database'] });
