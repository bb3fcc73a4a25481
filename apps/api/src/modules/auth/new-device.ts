import type { FastifyInstance } from 'fastify';
import type { Language } from '@safqa/shared/constants';
import { rememberDevice } from './known-devices';
import { queueNewDeviceEmail } from './security-mails';

/**
 * After a successful sign-in: the device becomes known to the account, and if it was not known the
 * owner is emailed in their language (API.md "Account security"). The account's very first device
 * is not announced: it is the sign-in right after signing up (or the first since devices were
 * remembered), which the owner just did themselves; GitHub does the same. The email is queued in
 * the same transaction that remembers the device, so the two stand or fall together.
 */
export async function noteSignInDevice(
  app: FastifyInstance,
  user: { id: number; email: string; username: string; language: Language },
  signIn: { deviceToken?: string | undefined; ip: string; userAgent?: string | undefined; sessionId: string },
): Promise<void> {
  const { deviceToken } = signIn;
  if (!deviceToken) return;
  const announced = await app.db.transaction(async (tx) => {
    const { isNew, firstDevice } = await rememberDevice(tx, user.id, deviceToken);
    if (!isNew || firstDevice) return false;
    await queueNewDeviceEmail(app, tx, user, { userAgent: signIn.userAgent, ip: signIn.ip, at: new Date() });
    return true;
  });
  if (announced) {
    app.securityEvents.emit({
      type: 'new_device',
      userId: user.id,
      sessionId: signIn.sessionId,
      ip: signIn.ip,
      userAgent: signIn.userAgent,
    });
  }
}
