import type { Language } from '@safqa/shared/constants';
import type { ContactMessage } from '@safqa/shared/validation/contact';
import type { ContactMessageListQuery, StoredContactMessage } from '@safqa/shared/validation/admin';
import type { Db } from '../../db/client';
import { paged } from '../../lib/paged';
import type { Mailer } from '../../plugins/mailer';
import type { UsersService } from '../users/service';
import { insertContactMessage, selectContactMessages } from './repository';
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
 * The contact form (API.md "Contact"): messages to the team, and the admin panel's list of them.
 * `contactEmail` is CONTACT_EMAIL (or ADMIN_EMAIL); `onNobodyToTell` hears of a message stored with
 * no one to email.
 */
export function createContactService(deps: {
  db: Db;
  mailer: Pick<Mailer, 'enqueue'>;
  contactEmail: string | undefined;
  onNobodyToTell: (contactMessageId: number) => void;
  /** The users area names the admins to tell when CONTACT_EMAIL is not set. */
  users: Pick<UsersService, 'adminRecipients'>;
}) {
  const { db, mailer, contactEmail, onNobodyToTell, users } = deps;

  return {
    /**
     * Stores the message and queues one notification per recipient in the same transaction: either
     * the message is kept and staff will hear of it, or nothing happened. Recipients are
     * CONTACT_EMAIL (or ADMIN_EMAIL), else every admin account; with neither the message is still
     * kept for the admin panel.
     */
    async submit(input: ContactMessage, lang: Language): Promise<{ id: number; notified: number }> {
      const fromConfig = configuredRecipients(contactEmail);
      const recipients = fromConfig.length ? fromConfig : await users.adminRecipients();
      const id = await db.transaction(async (tx) => {
        const messageId = await insertContactMessage(tx, { ...input, language: lang });
        for (const recipient of recipients) {
          const email = renderContactEmail(input, lang, recipient.language);
          await mailer.enqueue({ to: recipient.email, replyTo: input.email, ...email }, tx);
        }
        return messageId;
      });
      if (!recipients.length) onNobodyToTell(id);
      return { id, notified: recipients.length };
    },

    /** The stored messages for the admin panel, newest first, searchable by name, email or text. */
    async list(query: ContactMessageListQuery) {
      const { rows, total } = await selectContactMessages(db, query);
      const data: StoredContactMessage[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        message: row.message,
        language: row.language === 'en' ? 'en' : 'ar',
        createdAt: row.createdAt.toISOString(),
      }));
      return paged(data, query.page, query.pageSize, total);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
