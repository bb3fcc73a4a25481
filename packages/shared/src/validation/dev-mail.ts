import { z } from 'zod';

/** How many messages the development mail catcher lists at most (newest first). */
export const DEV_MAIL_LIMIT = 100;

/** GET /api/dev/mail?to= : `to` filters by recipient (exact address, case-insensitive). */
export const devMailQuery = z
  .object({
    to: z.string().trim().max(254).optional(),
  })
  .strict();

export const devMailMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Extra header lines the email carries (List-Unsubscribe and List-Unsubscribe-Post on alerts). */
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type DevMailMessage = z.infer<typeof devMailMessage>;

export const devMailResponse = z.object({ messages: z.array(devMailMessage) });
export type DevMailResponse = z.infer<typeof devMailResponse>;
