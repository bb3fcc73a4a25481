import { describe, expect, it } from 'vitest';
import { normaliseArabic } from './arabic-normalise';
import { arabicRoot, matchesWordForms } from './word-forms';

const root = (word: string) => arabicRoot(normaliseArabic(word));

describe('arabicRoot', () => {
  it.each([
    ['العروض', 'عرض'], // broken plural with the article
    ['عرضًا', 'عرض'], // tanween
    ['أعرض', 'عرض'], // first person verb
    ['توثيق', 'وثق'], // verbal noun تفعيل
    ['موثّقة', 'وثق'], // participle with shadda and ta marbuta
    ['الوثائق', 'وثق'], // plural فعائل
    ['مراجعة', 'رجع'],
    ['المطاعم', 'طعم'],
    ['الاستثمار', 'ثمر'],
    ['أتواصل', 'وصل'],
  ])('%s has the root %s', (word, expected) => {
    expect(root(word)).toBe(expected);
  });

  it('leaves short words, Latin words and digits as they are', () => {
    expect(root('كيف')).toBe('كيف');
    expect(root('من')).toBe('من');
    expect(arabicRoot('offers')).toBe('offers');
    expect(arabicRoot('2024')).toBe('2024');
  });
});

describe('matchesWordForms', () => {
  const offers = 'كيف أقدّم عرضًا على فرصة؟ How do I make an offer on an opportunity?';
  const verified = 'ماذا تعني شارة «موثّقة» على الفرصة؟ What does the "Verified" badge mean?';

  it('finds another form of an Arabic word through its root', () => {
    expect(matchesWordForms(offers, 'العروض')).toBe(true);
    expect(matchesWordForms(verified, 'توثيق')).toBe(true);
    expect(matchesWordForms(verified, 'العروض')).toBe(false);
    expect(matchesWordForms(offers, 'توثيق')).toBe(false);
  });

  it('finds an English singular for its plural and keeps substrings and punctuation working', () => {
    expect(matchesWordForms(offers, 'offers')).toBe(true);
    expect(matchesWordForms(offers, 'OPPORTUNITIES')).toBe(true);
    expect(matchesWordForms(offers, 'opport')).toBe(true);
    expect(matchesWordForms('The fee is 2%.', '2%')).toBe(true);
    expect(matchesWordForms(verified, 'verified؟')).toBe(true);
    expect(matchesWordForms(offers, 'badges')).toBe(false);
  });

  it('requires every term and accepts an empty query', () => {
    expect(matchesWordForms(offers, 'العروض فرص')).toBe(true);
    expect(matchesWordForms(offers, 'العروض توثيق')).toBe(false);
    expect(matchesWordForms(offers, '   ')).toBe(true);
  });
});
