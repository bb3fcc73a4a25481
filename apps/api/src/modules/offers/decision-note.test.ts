import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListing, createOffer, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let owner: TestUser;
let investor: TestUser;
let other: TestUser;
let opportunityId: number;
let secondId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  investor = await createUser(t.app, { language: 'en' });
  other = await createUser(t.app, { language: 'ar' });
  opportunityId = (await createListing(t.app, owner, { status: 'approved' })).id;
  secondId = (await createListing(t.app, owner, { status: 'approved' })).id;
});
afterAll(async () => t.close());

async function lastMailTo(to: string) {
  const [mail] = await t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail!;
}

describe('PATCH /api/offers/{offerId} with a note', () => {
  it('stores the trimmed note, emails it to the investor and shows it to the owner and that investor', async () => {
    const made = await createOffer(t.app, investor, opportunityId, { amount: 250_000 });
    const note = '  Welcome aboard <b>Khalid</b>: let us meet on Sunday.  ';
    const res = await owner.client.patch(`/api/offers/${made.id}`, { status: 'accepted', note });
    expect(res.statusCode).toBe(200);
    expect(res.json().offer).toMatchObject({ status: 'accepted', note: note.trim() });

    const mail = await lastMailTo(made.email);
    expect(mail.text).toContain('Note from the owner:');
    expect(mail.text).toContain(note.trim());
    // Escaped in the HTML part: the owner's words cannot add markup to the investor's email.
    expect(mail.html).toContain('&lt;b&gt;Khalid&lt;/b&gt;');

    const mine = (await investor.client.get('/api/users/me/offers')).json().data;
    expect(mine.find((o: { id: number }) => o.id === made.id).note).toBe(note.trim());
    const received = (await owner.client.get(`/api/opportunities/${opportunityId}/offers`)).json().data;
    expect(received.find((o: { id: number }) => o.id === made.id).note).toBe(note.trim());
    // Another investor sees neither the offer nor its note, in their list or the owner's.
    const theirs = (await other.client.get('/api/users/me/offers')).json().data;
    expect(theirs.some((o: { id: number }) => o.id === made.id)).toBe(false);
    expect((await other.client.get(`/api/opportunities/${opportunityId}/offers`)).statusCode).toBe(403);
  });

  it('accepts no note or a blank one as none, in the reader language of the email', async () => {
    const plain = await createOffer(t.app, other, opportunityId);
    const res = await owner.client.patch(`/api/offers/${plain.id}`, { status: 'declined' });
    expect(res.json().offer.note).toBeNull();
    expect((await lastMailTo(plain.email)).text).not.toContain('ملاحظة صاحب الفرصة');

    const blank = await createOffer(t.app, other, opportunityId);
    const blankRes = await owner.client.patch(`/api/offers/${blank.id}`, { status: 'declined', note: '   ' });
    expect(blankRes.json().offer.note).toBeNull();

    const arabic = await createOffer(t.app, other, opportunityId);
    await owner.client.patch(`/api/offers/${arabic.id}`, { status: 'declined', note: 'شكرًا لاهتمامك' });
    const mail = await lastMailTo(arabic.email);
    expect(mail.text).toContain('ملاحظة صاحب الفرصة:');
    expect(mail.text).toContain('شكرًا لاهتمامك');
  });

  it('refuses a note past 500 characters or not text with 400 in both languages, and keeps the offer new', async () => {
    const made = await createOffer(t.app, investor, opportunityId);
    const long = await owner.client.patch(
      `/api/offers/${made.id}`,
      { status: 'accepted', note: 'x'.repeat(501) },
      { headers: { 'accept-language': 'en' } },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { note: 'Must be at most 500 characters' },
    });
    const ar = await owner.client.patch(
      `/api/offers/${made.id}`,
      { status: 'accepted', note: 'x'.repeat(501) },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(ar.json().fields.note).toBe('يجب ألا يزيد على 500 حرف');
    expect(
      (await owner.client.patch(`/api/offers/${made.id}`, { status: 'accepted', note: 5 })).statusCode,
    ).toBe(400);
    const still = (await investor.client.get('/api/users/me/offers')).json().data;
    expect(still.find((o: { id: number }) => o.id === made.id)).toMatchObject({ status: 'new', note: null });

    const exact = await owner.client.patch(`/api/offers/${made.id}`, {
      status: 'accepted',
      note: 'y'.repeat(500),
    });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().offer.note).toHaveLength(500);
  });

  it('does not let the same decision again change the note', async () => {
    const made = await createOffer(t.app, investor, opportunityId);
    await owner.client.patch(`/api/offers/${made.id}`, { status: 'accepted', note: 'first words' });
    const again = await owner.client.patch(`/api/offers/${made.id}`, {
      status: 'accepted',
      note: 'rewritten',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().offer.note).toBe('first words');
  });
});

describe('GET /api/users/me/offers?opportunityId=', () => {
  it("narrows the caller's offers to one listing, newest first, and validates the id", async () => {
    const onSecond = await createOffer(t.app, investor, secondId, { amount: 1_000 });
    const res = await investor.client.get(`/api/users/me/offers?opportunityId=${secondId}&pageSize=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((o: { id: number }) => o.id)).toEqual([onSecond.id]);
    expect(res.json().pagination.total).toBe(1);
    expect((await other.client.get(`/api/users/me/offers?opportunityId=${secondId}`)).json().data).toEqual(
      [],
    );
    const bad = await investor.client.get('/api/users/me/offers?opportunityId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('opportunityId');
  });
});
