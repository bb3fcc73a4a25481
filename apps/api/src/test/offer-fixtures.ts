import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../db/schema/mail';
import type { TestUser } from './marketplace-fixtures';

let n = 0;

/** Makes an offer the way the form does: asks for the code, reads it from the outbox, sends it. */
export async function makeOffer(
  app: FastifyInstance,
  user: TestUser,
  opportunityId: number,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; status: string; email: string; amount: number | null }> {
  const email = `${user.username}.offer${++n}@example.test`;
  await user.client.post(`/api/opportunities/${opportunityId}/offers/code`, { email });
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /(\d{4})$/.exec(mail!.subject)![1];
  const res = await user.client.post(`/api/opportunities/${opportunityId}/offers`, {
    name: 'Khalid',
    phone: '+966 50 123 4567',
    reasons: { knowRegulations: true },
    message: 'Interested in the full purchase of the business.',
    email,
    code,
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`offer refused: ${res.statusCode} ${res.body}`);
  return res.json().offer;
}
