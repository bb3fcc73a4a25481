import type { FastifyInstance } from 'fastify';
import type { Language } from '@safqa/shared/constants';
import type { ContactMessage } from '@safqa/shared/validation/contact';
import type { ContactMessageListQuery, StoredContactMessage } from '@safqa/shared/validation/admin';
import { paged } from '../../lib/paged';
import { insertContactMessage, listAdminRecipients, selectContactMessages } from './repository';
import { renderContactEmail } from './texts';

/** CONTACT_EMAIL (several allowed, comma-separated) read in Arabic, the product's default language. */
function configuredRecipients(contactEmail: string | undefined) {
  return (contactEmail ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
    .map((address) => ({ email: address, language: 'ar' as Language }));
}

/**
 * Stores the message and queues one notification per recipient in the same transaction: either the
 * message is kept and staff will hear of it, or nothing happened. Recipients are CONTACT_EMAIL (or
 * ADMIN_EMAIL), else every admin account; with neither the message is still kept for the admin panel.
 */
export async function submitContactMessage(
  app: FastifyInstance,
  input: ContactMessage,
  lang: Language,
): Promise<{ id: number; notified: number }> {
  const fromConfig = configuredRecipients(app.config.contactEmail);
  const recipients = fromConfig.length ? fromConfig : await listAdminRecipients(app.db);
  const id = await app.db.transaction(async (tx) => {
    const messageId = await insertContactMessage(tx, { ...input, language: lang });
    for (const recipient of recipients) {
      const email = renderContactEmail(input, lang, recipient.language);
      await app.mailer.enqueue({ to: recipient.email, replyTo: input.email, ...email }, tx);
    }
    return messageId;
  });
  if (!recipients.length) {
    app.log.warn(
      { contactMessageId: id },
      'contact message stored, but no CONTACT_EMAIL and no admin to tell',
    );
  }
  return { id, notified: recipients.length };
}

/** The stored messages for the admin panel, newest first, searchable by name, email or text. */
export async function listContactMessages(app: FastifyInstance, query: ContactMessageListQuery) {
  const { rows, total } = await selectContactMessages(app.db, query);
  const data: StoredContactMessage[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    language: row.language === 'en' ? 'en' : 'ar',
    createdAt: row.createdAt.toISOString(),
  }));
  return paged(data, query.page, query.pageSize, total);
}
