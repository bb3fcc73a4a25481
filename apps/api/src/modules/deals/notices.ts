import type { Language } from '@safqa/shared/constants';
import { renderEmail, type RenderedEmail } from '../../mail/render-email';

/** The deal's notifications and emails in both languages, Arabic first. */

export type DealNoticeKind =
  | 'loi_proposed'
  | 'loi_signed'
  | 'loi_complete'
  | 'checklist_added'
  | 'checklist_updated'
  | 'closing'
  | 'close_requested'
  | 'closed'
  | 'cancelled'
  | 'listing_deleted'
  | 'overdue';

export interface Listing {
  name: string;
  nameAr: string;
}

type Texts = Record<Language, string>;

const TITLES: Record<DealNoticeKind, Texts> = {
  loi_proposed: { ar: 'نسخة جديدة من خطاب النوايا', en: 'A new version of the letter of intent' },
  loi_signed: { ar: 'وقّع الطرف الآخر خطاب النوايا', en: 'The other party signed the letter of intent' },
  loi_complete: {
    ar: 'اكتمل توقيع خطاب النوايا: بدأ الفحص النافي للجهالة',
    en: 'The letter of intent is signed: due diligence has begun',
  },
  checklist_added: { ar: 'بند جديد في قائمة الفحص', en: 'A new due-diligence item' },
  checklist_updated: { ar: 'تحديث على قائمة الفحص', en: 'A due-diligence item was updated' },
  closing: { ar: 'انتقلت الصفقة إلى الإغلاق', en: 'The deal moved to closing' },
  close_requested: { ar: 'طلب الطرف الآخر إغلاق الصفقة', en: 'The other party asked to close the deal' },
  closed: { ar: 'أُغلقت الصفقة بنجاح', en: 'The deal is closed' },
  cancelled: { ar: 'أُلغيت الصفقة', en: 'The deal was cancelled' },
  listing_deleted: {
    ar: 'حُذفت الفرصة: تبقى الصفقة وسجلها لديك',
    en: 'The listing was deleted: the deal and its record stay with you',
  },
  overdue: { ar: 'بنود متأخرة في قائمة الفحص', en: 'Overdue due-diligence items' },
};

/** The bell's entry: the step as title, the listing (and a detail) as body. */
export function dealNotice(kind: DealNoticeKind, listing: Listing, detail?: Texts) {
  return {
    title: TITLES[kind],
    body: {
      ar: detail ? `«${listing.nameAr}»: ${detail.ar}` : `«${listing.nameAr}»`,
      en: detail ? `“${listing.name}”: ${detail.en}` : `“${listing.name}”`,
    },
  };
}

/** The same notice as an email with a link to the deal. */
export function dealEmail(
  lang: Language,
  notice: ReturnType<typeof dealNotice>,
  url: string,
  extra: string[] = [],
): RenderedEmail {
  return renderEmail({
    lang,
    subject: `${notice.title[lang]} | ${notice.body[lang]}`,
    heading: notice.title[lang],
    paragraphs: [notice.body[lang], ...extra],
    action: { label: lang === 'ar' ? 'افتح الصفقة' : 'Open the deal', url },
  });
}

/** The signed letter of intent, sent to both parties with its PDF. */
export function signedLoiEmail(lang: Language, listing: Listing, url: string): RenderedEmail {
  return dealEmail(lang, dealNotice('loi_complete', listing), url, [
    lang === 'ar'
      ? 'وقّع الطرفان خطاب النوايا. تجد نسخته الموقعة مرفقة بهذه الرسالة بملف PDF.'
      : 'Both parties signed the letter of intent. The signed copy is attached to this email as a PDF.',
  ]);
}
