import { expect, type APIRequestContext } from '@playwright/test';

/** A message kept by MAIL_TRANSPORT=outbox (API.md "Development mail catcher"). */
export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Every message sent to `to`, newest first. */
export async function readMail(request: APIRequestContext, to: string): Promise<DevMail[]> {
  const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
  expect(response.status(), `GET /api/dev/mail?to=${to}`).toBe(200);
  const body = (await response.json()) as { messages: DevMail[] };
  return body.messages;
}

/**
 * Waits until a message to `to` matching `match` is in the outbox and returns the newest such message.
 * Mail is queued in the same transaction as the action, but poll anyway: a UI action may still be in flight.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  match: (mail: DevMail) => boolean = () => true,
  timeout = 15_000,
): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMail(request, to)).find(match);
        return found !== undefined;
      },
      { message: `a mail to ${to}`, timeout },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that starts with `prefix` (for example PUBLIC_URL + '/verify-email'). */
export function linkIn(mail: DevMail, prefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in "${mail.subject}"`);
  return link;
}
