import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { approvedListing, faultStage, FAULT_ADMIN, newMember, signIn, type Caller } from './support';

/**
 * Deals under SIGKILL (issue 25): both parties of several deals sign the same letter of intent at
 * once and the server is killed in the middle. After a restart each letter is signed at most once by
 * each party (every acknowledged signature kept), a deal signed by both moved to due diligence once,
 * and each party of such a deal has exactly one email with the PDF; signing again after the restart
 * is refused for a party that signed and completes the deal for one that did not, still once.
 */
const DEALS = 6;
const stage = faultStage('deal');
const start = () => stage.start();

/** An offer made the way the form makes it (the code read from the development mail catcher). */
async function offer(buyer: Caller, listingId: number, email: string) {
  expect((await buyer.post(`/api/opportunities/${listingId}/offers/code`, { email })).status).toBe(200);
  const mail = await buyer.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
  const subject = (mail.body.messages as { subject: string }[])[0]!.subject;
  const made = await buyer.post(`/api/opportunities/${listingId}/offers`, {
    name: 'Fault buyer',
    phone: '0559876543',
    reasons: { wantsOffer: true },
    message: 'Buying the whole business.',
    amount: 500_000,
    email,
    code: /(\d{4})$/.exec(subject)![1],
  });
  expect(made.status).toBe(201);
  return (made.body.offer as { id: number }).id;
}

interface Cast {
  dealId: number;
  buyer: Caller;
  acknowledged: { seller: boolean; buyer: boolean };
}

describe('SIGKILL while both parties sign the same letter of intent', () => {
  it('keeps each signature once, moves each deal once and emails each PDF once', async () => {
    let server = await start();
    const admin = await signIn(server.baseUrl, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const seller = await newMember(server.baseUrl, 'deal_seller');
    const casts: Cast[] = [];
    for (let i = 0; i < DEALS; i += 1) {
      const listingId = await approvedListing(seller, admin, {
        name: `Fault deal ${i}`,
        nameAr: `صفقة العطل ${i}`,
      });
      const buyer = await newMember(server.baseUrl, `deal_buyer${i}`);
      const offerId = await offer(buyer, listingId, buyer.email!);
      expect((await seller.patch(`/api/offers/${offerId}`, { status: 'accepted' })).status).toBe(200);
      const deals = (await buyer.get('/api/deals')).body.data as { id: number }[];
      const dealId = deals[0]!.id;
      const proposed = await buyer.post(`/api/deals/${dealId}/loi`, {
        price: 480_000,
        percentage: 100,
        exclusivityDays: 30,
        dueDiligenceDays: 21,
        conditions: 'Lease transfer',
      });
      expect(proposed.status).toBe(201);
      casts.push({ dealId, buyer, acknowledged: { seller: false, buyer: false } });
    }

    const doomed = server;
    const killAt = Math.ceil(DEALS / 2);
    let answered = 0;
    const sign = (who: Caller, cast: Cast, side: 'seller' | 'buyer') =>
      who.post(`/api/deals/${cast.dealId}/loi/1/sign`, { fullName: `Signer ${side}`, accept: true }).then(
        (res) => {
          cast.acknowledged[side] = res.status === 200;
          if (cast.acknowledged[side] && ++answered === killAt) doomed.child.kill('SIGKILL');
        },
        () => undefined,
      );
    await Promise.all(
      casts.flatMap((cast) => [sign(seller, cast, 'seller'), sign(cast.buyer, cast, 'buyer')]),
    );
    if (doomed.child.exitCode === null && doomed.child.signalCode === null) {
      await new Promise((resolve) => doomed.child.once('exit', resolve));
    }
    expect(doomed.child.signalCode).toBe('SIGKILL');

    server = await start();
    const db = new pg.Client({ connectionString: stage.databaseUrl });
    await db.connect();
    try {
      const check = async (cast: Cast) => {
        const loi = (
          await db.query<{ seller_signed_at: Date | null; buyer_signed_at: Date | null }>(
            'SELECT seller_signed_at, buyer_signed_at FROM deal_lois WHERE deal_id = $1 AND version = 1',
            [cast.dealId],
          )
        ).rows[0]!;
        const stage = (
          await db.query<{ stage: string }>('SELECT stage FROM deals WHERE id = $1', [cast.dealId])
        ).rows[0]!.stage;
        const events = (
          await db.query<{ type: string; n: number }>(
            'SELECT type, count(*)::int AS n FROM deal_events WHERE deal_id = $1 GROUP BY type',
            [cast.dealId],
          )
        ).rows;
        const count = (type: string) => events.find((e) => e.type === type)?.n ?? 0;
        const pdfMails = (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM mail_outbox
              WHERE attachments @> $1::jsonb`,
            [JSON.stringify([{ filename: `loi-${cast.dealId}-1.pdf` }])],
          )
        ).rows[0]!.n;
        const both = loi.seller_signed_at !== null && loi.buyer_signed_at !== null;
        return { loi, stage, signed: count('loi_signed'), moved: count('stage_changed'), pdfMails, both };
      };

      for (const cast of casts) {
        const found = await check(cast);
        const what = `deal ${cast.dealId} (${JSON.stringify(cast.acknowledged)})`;
        if (cast.acknowledged.seller) expect(found.loi.seller_signed_at, what).not.toBeNull();
        if (cast.acknowledged.buyer) expect(found.loi.buyer_signed_at, what).not.toBeNull();
        expect(found.signed, what).toBe(
          Number(found.loi.seller_signed_at !== null) + Number(found.loi.buyer_signed_at !== null),
        );
        expect(found.stage, what).toBe(found.both ? 'due_diligence' : 'loi');
        expect(found.moved, what).toBe(found.both ? 1 : 0);
        expect(found.pdfMails, what).toBe(found.both ? 2 : 0);
      }

      // After the restart: whoever signed is refused, whoever did not completes the deal, once.
      const sellerAgain = await signIn(server.baseUrl, seller.email!, 'Fault#Member1234');
      for (const cast of casts) {
        const before = await check(cast);
        const buyerAgain = await signIn(server.baseUrl, cast.buyer.email!, 'Fault#Member1234');
        for (const [who, signedAt] of [
          [sellerAgain, before.loi.seller_signed_at],
          [buyerAgain, before.loi.buyer_signed_at],
        ] as const) {
          const res = await who.post(`/api/deals/${cast.dealId}/loi/1/sign`, {
            fullName: 'Signer again',
            accept: true,
          });
          expect(res.status).toBe(signedAt ? 409 : 200);
        }
        const after = await check(cast);
        expect(after.both).toBe(true);
        expect(after.stage).toBe('due_diligence');
        expect(after.signed).toBe(2);
        expect(after.moved).toBe(1);
        expect(after.pdfMails).toBe(2);
      }
    } finally {
      await db.end();
    }
    // The kill landed in the middle: some signatures answered, some never did.
    expect(answered).toBeGreaterThanOrEqual(killAt);
    expect(casts.some((cast) => !cast.acknowledged.seller || !cast.acknowledged.buyer)).toBe(true);
  });
});
