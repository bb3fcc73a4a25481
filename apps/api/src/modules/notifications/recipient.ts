import type { Language } from '@safqa/shared/constants';
import type { NotificationSettings } from '@safqa/shared/validation/notifications';
import type { Db } from '../../db/client';
import type { UsersService } from '../users/service';
import { emailSwitchesOf, emailSwitchesOfMany } from './repository';

export interface Recipient {
  email: string;
  language: Language;
  settings: NotificationSettings['email'];
}

/**
 * Reads whom a notification's email goes to: the address and language are the users area's, the
 * switches this area's. Null for an unknown user. Both reads run in the executor given (a notify's
 * transaction), so they see what it wrote.
 */
export function createRecipientReader(users: Pick<UsersService, 'contactOf'>) {
  return async function recipientOf(db: Db, userId: number): Promise<Recipient | null> {
    const contact = await users.contactOf(userId, db);
    if (!contact) return null;
    return { email: contact.email, language: contact.language, settings: await emailSwitchesOf(db, userId) };
  };
}

/** The recipients of many users in two queries (bulk notifications); unknown users are absent. */
export function createRecipientsReader(users: Pick<UsersService, 'contactsOf'>) {
  return async function recipientsOf(db: Db, userIds: number[]): Promise<Map<number, Recipient>> {
    const contacts = await users.contactsOf(userIds, db);
    const switches = await emailSwitchesOfMany(db, [...contacts.keys()]);
    return new Map(
      [...contacts].map(([id, contact]) => [
        id,
        { email: contact.email, language: contact.language, settings: switches.get(id)! },
      ]),
    );
  };
}
