import type { Language } from '@safqa/shared/constants';
import { renderEmail, type EmailCard } from '../../mail/render-email';
import { numberLocale } from '../../mail/number-locale';
import type { CardRow } from '../opportunities/queries';

/** Saved-search alert emails, Arabic first: one listing (instant) or a day's listings (digest). */

const TEXTS = {
  ar: {
    instantSubject: (search: string, listing: string) => `فرصة جديدة تطابق بحثك «${search}»: ${listing}`,
    digestSubject: (search: string, n: string) => `${n} فرص جديدة تطابق بحثك «${search}»`,
    heading: 'فرص جديدة تطابق بحثك',
    intro: (search: string) => `نُشرت فرص جديدة تطابق بحثك المحفوظ «${search}».`,
    action: 'عرض كل النتائج',
    unsubscribe: 'إيقاف تنبيهات هذا البحث',
    stake: (share: string) => `الحصة المعروضة: ${share}`,
    settings: 'تصلك هذه الرسالة لأنك حفظت هذا البحث في صفقة وطلبت التنبيه بنتائجه الجديدة.',
  },
  en: {
    instantSubject: (search: string, listing: string) =>
      `New listing for your search “${search}”: ${listing}`,
    digestSubject: (search: string, n: string) => `${n} new listings for your search “${search}”`,
    heading: 'New listings for your search',
    intro: (search: string) => `New listings match your saved search “${search}”.`,
    action: 'See all results',
    unsubscribe: 'Stop alerts for this search',
    stake: (share: string) => `Stake offered: ${share}`,
    settings:
      'You get this email because you saved this search on Safqa and asked to hear about new matches.',
  },
} as const;

export function listingCard(row: CardRow, lang: Language, publicUrl: string): EmailCard {
  const money = new Intl.NumberFormat(numberLocale(lang), {
    style: 'currency',
    currency: 'SAR',
    maximumFractionDigits: 0,
  });
  const percent = new Intl.NumberFormat(numberLocale(lang), { style: 'percent', maximumFractionDigits: 2 });
  const ar = lang === 'ar';
  return {
    title: ar ? row.name_ar : row.name,
    url: `${publicUrl}/opportunities/${row.id}?lang=${lang}`,
    lines: [
      `${ar ? row.bt_name_ar : row.bt_name_en} · ${ar ? row.city_name_ar : row.city_name_en}`,
      money.format(row.required_amount),
      TEXTS[lang].stake(percent.format(row.offered_percentage / 100)),
    ],
  };
}

export function alertEmail(options: {
  lang: Language;
  searchName: string;
  listings: CardRow[];
  /** /search with the saved filters, relative to PUBLIC_URL. */
  searchPath: string;
  publicUrl: string;
  unsubscribeUrl: string;
}) {
  const t = TEXTS[options.lang];
  const { listings, lang } = options;
  const first = listings[0]!;
  const subject =
    listings.length === 1
      ? t.instantSubject(options.searchName, lang === 'ar' ? first.name_ar : first.name)
      : t.digestSubject(
          options.searchName,
          new Intl.NumberFormat(numberLocale(lang)).format(listings.length),
        );
  return renderEmail({
    lang,
    subject,
    heading: t.heading,
    paragraphs: [t.intro(options.searchName)],
    cards: listings.map((row) => listingCard(row, lang, options.publicUrl)),
    action: { label: t.action, url: `${options.publicUrl}${options.searchPath}` },
    footer: t.settings,
    unsubscribe: { label: t.unsubscribe, url: options.unsubscribeUrl },
  });
}
