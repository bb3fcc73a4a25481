import type { Language } from '@safqa/shared/constants';
import type { Db } from '../../db/client';
import type { SecurityEvents } from '../../plugins/security-events';
import { rememberDevice } from './known-devices';
import type { SecurityMails } from './security-mails';

export interface NewDeviceDeps {
  db: Db;
  securityMails: Pick<SecurityMails, 'queueNewDeviceEmail'>;
  securityEvents: Pick<SecurityEvents, 'emit'>;
}

export function createNewDeviceNotice(deps: NewDeviceDeps) {
  const { db, securityMails, securityEvents } = deps;

  /**
   * After a successful sign-in: the device becomes known to the account, and if it was not known the
   * owner is emailed in their language (API.md "Account security"). The account's very first device
   * is not announced: it is the sign-in right after signing up (or the first since devices were
   * remembered), which the owner just did themselves; GitHub does the same. The email is queued in
   * the same transaction that remembers the device, so the two stand or fall together.
   */
  async function noteSignInDevice(
    user: { id: number; email: string; username: string; language: Language },
    signIn: {
      deviceToken?: string | undefined;
      ip: string;
      userAgent?: string | undefined;
      sessionId: string;
    },
  ): Promise<void> {
    const { deviceToken } = signIn;
    if (!deviceToken) return;
    const announced = await db.transaction(async (tx) => {
      const { isNew, firstDevice } = await rememberDevice(tx, user.id, deviceToken);
      if (!isNew || firstDevice) return false;
      await securityMails.queueNewDeviceEmail(tx, user, {
        userAgent: signIn.userAgent,
        ip: signIn.ip,
        at: new Date(),
      });
      return true;
    });
    if (announced) {
      securityEvents.emit({
        type: 'new_device',
        userId: user.id,
        sessionId: signIn.sessionId,
        ip: signIn.ip,
        userAgent: signIn.userAgent,
      });
    }
  }

  return { noteSignInDevice };
}

export type NewDeviceNotice = ReturnType<typeof createNewDeviceNotice>;
