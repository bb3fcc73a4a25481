import { describe, expect, it } from 'vitest';
import { newOfferEmail, offerReceivedNotice } from './emails';
import type { OfferRow } from './repository';

const target = {
  id: 4,
  ownerId: 2,
  status: 'approved' as const,
  ownerSuspended: false,
  name: 'Oasis Laundry',
  nameAr: 'مغسلة الواحة',
  verifiedBuyersOnly: false,
};

/** What the reader sees: direction marks dropped, no-break spaces as spaces. */
const visible = (text: string) => text.replace(/[\u200e\u200f]/gu, '').replace(/\s/gu, ' ');

describe('offerReceivedNotice', () => {
  it('writes the amount with the digits the app uses everywhere else, in both languages', () => {
    const notice = offerReceivedNotice(target, { name: 'سارة', amount: 250_000 } as OfferRow);
    // The notifications tab shows this next to amounts the web app formats as "250,000 ر.س.";
    // Arabic-Indic digits ("٢٥٠٬٠٠٠") here made the same page mix two ways of writing numbers.
    expect(visible(notice.body.ar)).toBe('سارة: 250,000 ر.س.');
    expect(notice.body.ar).not.toMatch(/[٠-٩]/u);
    expect(visible(notice.body.en)).toBe('سارة: SAR 250,000');
  });

  it('names only the investor when the offer has no amount', () => {
    const notice = offerReceivedNotice(target, { name: 'Sarah', amount: null } as OfferRow);
    expect(notice.body).toEqual({ ar: 'Sarah', en: 'Sarah' });
  });
});

describe('newOfferEmail', () => {
  it('writes the amount in the Arabic email with the same Latin digits as the phone number beside it', () => {
    const offer = {
      name: 'سارة',
      phone: '966551234567',
      email: 'sara@example.test',
      amount: 250_000,
      reasons: {},
      message: 'مهتمة بالشراء',
    } as unknown as OfferRow;
    const email = newOfferEmail('ar', target, offer, 'https://safqa.example');
    expect(visible(email.text)).toContain('المبلغ المعروض: 250,000 ر.س.');
    expect(email.text).not.toMatch(/[٠-٩]/u);
  });
});
