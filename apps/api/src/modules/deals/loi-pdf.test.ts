import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealLois } from '../../db/schema/deals';
import { mailOutbox } from '../../db/schema/mail';
import { users } from '../../db/schema/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDeal, createUser, type TestUser } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

const terms = {
  price: 1_250_000,
  percentage: 40,
  exclusivityDays: 45,
  dueDiligenceDays: 30,
  conditions: 'Transfer of the lease to the buyer',
};

describe('GET /api/deals/{id}/loi/{version}.pdf', () => {
  it('reads back the terms in Arabic and English and both signatures, in both layouts; the emailed copy is the same letter', async () => {
    const d = await createDeal(t.app, { listing: { nameAr: 'مطعم الكورنيش', name: 'Corniche Restaurant' } });
    await d.buyer.client.post(`/api/deals/${d.id}/loi`, terms);
    await d.seller.client.post(`/api/deals/${d.id}/loi/1/sign`, { fullName: 'محمد العتيبي', accept: true });
    await d.buyer.client.post(`/api/deals/${d.id}/loi/1/sign`, { fullName: 'Khalid Saad', accept: true });

    for (const lang of ['ar', 'en'] as const) {
      const res = await d.seller.client.get(`/api/deals/${d.id}/loi/1.pdf?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const text = await pdfText(res.rawPayload);
      for (const expected of [
        'خطاب نوايا',
        'Letter of intent',
        'مطعم الكورنيش',
        'Corniche Restaurant',
        'SAR 1,250,000',
        '40%',
        '45 days',
        '30 days',
        'السعر',
        'الحصة',
        'Transfer of the lease to the buyer',
        'توقيع البائع',
        'Buyer signature',
        'محمد العتيبي',
        'Khalid Saad',
        '(UTC+3)',
      ]) {
        expect(text, `${lang}: ${expected}`).toContain(expected);
      }
      // The signature times in the letter's language: an Arabic reader gets an Arabic month.
      const arabicMonth = new Intl.DateTimeFormat('ar-SA-u-ca-gregory', {
        month: 'long',
        timeZone: 'Asia/Riyadh',
      });
      const englishMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'Asia/Riyadh' });
      const [own, other] = (lang === 'ar' ? [arabicMonth, englishMonth] : [englishMonth, arabicMonth]).map(
        (f) => f.format(new Date()),
      );
      expect(text, `${lang}: signature month`).toContain(own);
      expect(text, `${lang}: no signature month in the other language`).not.toContain(other);
    }
    expect((await admin.client.get(`/api/deals/${d.id}/loi/1.pdf`)).statusCode).toBe(200);
    expect((await d.seller.client.get(`/api/deals/${d.id}/loi/2.pdf`)).statusCode).toBe(404);
    expect((await d.seller.client.get(`/api/deals/${d.id}/loi/1.pdf?lang=fr`)).statusCode).toBe(400);

    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, d.buyer.email.toLowerCase()));
    const sent = (
      await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, d.buyer.email.toLowerCase()))
    )
      .map((m) => m.attachments)
      .find((a) => a?.length);
    expect(mail).toBeDefined();
    expect(sent![0]!.filename).toBe(`loi-${d.id}-1.pdf`);
    const attached = await pdfText(Buffer.from(sent![0]!.content, 'base64'));
    expect(attached).toContain('Khalid Saad');
    expect(attached).toContain('محمد العتيبي');
  });
});

/** About `length` characters of words drawn from `vocabulary` (a fixed sequence: the same every run). */
function conditionsOf(vocabulary: string[], length: number) {
  const words: string[] = [];
  let text = '';
  for (let i = 0, seed = 7; ; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const word = vocabulary[seed % vocabulary.length]!;
    if (text.length + word.length + 1 > length) break;
    words.push(word);
    text = words.join(' ');
  }
  return text;
}

const arabicWords = [
  'يلتزم',
  'البائع',
  'بتسليم',
  'المنشأة',
  'خالية',
  'من',
  'الديون',
  'والالتزامات',
  'قبل',
  'نقل',
  'الملكية',
  'ويحق',
  'للمشتري',
  'فحص',
  'القوائم',
  'المالية',
  'والعقود',
  'والتراخيص',
  'السارية',
  'خلال',
  'مدة',
  'الفحص',
  'النافي',
  'للجهالة',
  'وتبقى',
  'المعلومات',
  'سرية',
  'بين',
  'الطرفين',
  'عقد',
  'الإيجار',
  'الموظفين',
  'الرواتب',
  'المخزون',
  'الأصول',
  'الثابتة',
  'الضمانات',
  'التعويض',
  'الدفعة',
  'الأولى',
  'الثانية',
  'التحويل',
  'البنكي',
  'الموافقات',
  'النظامية',
  'السجل',
  'التجاري',
  'البلدية',
  'الدفاع',
  'المدني',
];
const englishWords = [
  'the',
  'seller',
  'shall',
  'deliver',
  'business',
  'free',
  'of',
  'debts',
  'and',
  'liabilities',
  'before',
  'transfer',
  'buyer',
  'may',
  'inspect',
  'financial',
  'statements',
  'contracts',
  'licences',
  'during',
  'diligence',
  'period',
  'information',
  'remains',
  'confidential',
  'between',
  'parties',
  'lease',
  'employees',
  'salaries',
  'inventory',
  'fixed',
  'assets',
  'warranties',
  'indemnity',
  'first',
  'second',
  'instalment',
  'bank',
  'approvals',
  'commercial',
  'registration',
  'municipality',
  'civil',
  'defence',
];

/** How many times each word of `text` appears among the words pdftotext read. */
function missingWords(conditions: string, read: string) {
  const counts = new Map<string, number>();
  for (const word of read.split(' ')) counts.set(word, (counts.get(word) ?? 0) + 1);
  const missing: string[] = [];
  for (const word of conditions.split(' ')) {
    const left = counts.get(word) ?? 0;
    if (left === 0) missing.push(word);
    else counts.set(word, left - 1);
  }
  return missing;
}

describe('the letter’s conditions', () => {
  it('every word of 4,000 characters of Arabic or English terms, on as many pages as they take, then the signatures', async () => {
    const d = await createDeal(t.app);
    const arabic = conditionsOf(arabicWords, 4000);
    const english = conditionsOf(englishWords, 4000);
    expect(arabic.length).toBeGreaterThan(3990);
    expect(english.length).toBeGreaterThan(3990);
    for (const [version, conditions] of [
      [1, arabic],
      [2, english],
    ] as const) {
      const res = await d.buyer.client.post(`/api/deals/${d.id}/loi`, { ...terms, conditions });
      expect(res.json().lois.at(-1).version).toBe(version);
    }
    await d.seller.client.post(`/api/deals/${d.id}/loi/2/sign`, { fullName: 'محمد العتيبي', accept: true });
    await d.buyer.client.post(`/api/deals/${d.id}/loi/2/sign`, { fullName: 'Khalid Saad', accept: true });

    for (const [version, conditions] of [
      [1, arabic],
      [2, english],
    ] as const) {
      for (const lang of ['ar', 'en'] as const) {
        const res = await d.seller.client.get(`/api/deals/${d.id}/loi/${version}.pdf?lang=${lang}`);
        expect(res.statusCode).toBe(200);
        const text = await pdfText(res.rawPayload);
        const label = `v${version} ${lang}`;
        expect(text, label).not.toContain('…');
        expect(missingWords(conditions, text), label).toEqual([]);
        // The signature block comes after the last word of the terms.
        const tail = conditions.split(' ').at(-1)!;
        expect(text.indexOf('Seller signature'), label).toBeGreaterThan(text.lastIndexOf(tail));
        if (version === 2)
          for (const name of ['محمد العتيبي', 'Khalid Saad']) expect(text, label).toContain(name);
      }
    }
  });
});

describe('names on the letter', () => {
  it('a signature loses bidi controls and zero-width characters, and is 3-100 characters without them', async () => {
    const d = await createDeal(t.app);
    await d.buyer.client.post(`/api/deals/${d.id}/loi`, terms);
    for (const fullName of ['\u202Eab\u200B\u200C', ' \u200F\u2066ab\u2069 ', '\uFEFF\u2060\u061C\u200D']) {
      const res = await d.buyer.client.post(`/api/deals/${d.id}/loi/1/sign`, { fullName, accept: true });
      expect(res.statusCode, JSON.stringify(fullName)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['fullName']);
    }
    const long = `${'\u200B'.repeat(50)}${'n'.repeat(100)}`;
    const signed = await d.buyer.client.post(`/api/deals/${d.id}/loi/1/sign`, {
      fullName: long,
      accept: true,
    });
    expect(signed.json().buyerSignature).toBe('n'.repeat(100));
    const seller = await d.seller.client.post(`/api/deals/${d.id}/loi/1/sign`, {
      fullName: '\u202Eمحمد\u200F \u2067العتيبي\u2069\u200E',
      accept: true,
    });
    expect(seller.statusCode).toBe(200);
    expect(seller.json().sellerSignature).toBe('محمد العتيبي');
  });

  it('usernames and signatures stored with controls are drawn without them', async () => {
    const d = await createDeal(t.app);
    await d.buyer.client.post(`/api/deals/${d.id}/loi`, terms);
    await t.app.db
      .update(users)
      .set({ username: 'Ev\u2067il\u200B Seller' })
      .where(eq(users.id, d.seller.id));
    await t.app.db
      .update(dealLois)
      .set({ buyerSignature: 'Kha\u2066lid\u2060 Saad', buyerSignedAt: new Date() })
      .where(eq(dealLois.dealId, d.id));
    const text = await pdfText(
      (await d.seller.client.get(`/api/deals/${d.id}/loi/1.pdf?lang=en`)).rawPayload,
    );
    expect(text).toContain('The seller Evil Seller and the buyer');
    expect(text).toContain('Khalid Saad');
    expect(text).not.toMatch(/[\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/);
  });
});
