import type { Language } from '@safqa/shared/constants';
import { OFFER_CODE_TTL_MINUTES, OFFER_REASONS, type OfferReason } from '@safqa/shared/validation/offers';
import { renderEmail, type RenderedEmail } from '../../mail/render-email';
import { numberLocale } from '../../mail/number-locale';
import type { OfferRow } from './repository';
import type { OfferTarget } from '../opportunities/offer-counts';

/** The offer emails in both languages, Arabic first. */

const REASON_LABELS: Record<Language, Record<OfferReason, string>> = {
  ar: {
    wantsOffer: 'أرغب في تقديم عرض',
    knowRegulations: 'أرغب في معرفة الأنظمة والإجراءات',
    moreFinancial: 'أرغب في معلومات مالية إضافية',
    moreOperational: 'أرغب في معلومات تشغيلية إضافية',
  },
  en: {
    wantsOffer: 'I want to make an offer',
    knowRegulations: 'I want to know the regulations and procedures',
    moreFinancial: 'I want more financial information',
    moreOperational: 'I want more operational information',
  },
};

function title(target: OfferTarget, lang: Language) {
  return lang === 'ar' ? `«${target.nameAr}»` : `“${target.name}”`;
}

function money(amount: number, lang: Language) {
  return new Intl.NumberFormat(numberLocale(lang), {
    style: 'currency',
    currency: 'SAR',
    maximumFractionDigits: 0,
  }).format(amount);
}

export function codeEmail(lang: Language, target: OfferTarget, code: string): RenderedEmail {
  return lang === 'ar'
    ? renderEmail({
        lang,
        subject: `رمز التحقق لعرضك: ${code}`,
        heading: 'رمز التحقق',
        paragraphs: [
          `رمز التحقق لعرضك على ${title(target, lang)} هو: ${code}`,
          `الرمز صالح لمدة ${OFFER_CODE_TTL_MINUTES} دقائق ولمرة واحدة. إذا لم تطلب هذا الرمز فتجاهل هذه الرسالة.`,
        ],
      })
    : renderEmail({
        lang,
        subject: `Your offer verification code: ${code}`,
        heading: 'Verification code',
        paragraphs: [
          `The code for your offer on ${title(target, lang)} is: ${code}`,
          `It works once, for ${OFFER_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.`,
        ],
      });
}

export function newOfferEmail(
  lang: Language,
  target: OfferTarget,
  offer: OfferRow,
  publicUrl: string,
): RenderedEmail {
  const reasons = OFFER_REASONS.filter((key) => offer.reasons[key])
    .map((key) => `• ${REASON_LABELS[lang][key]}`)
    .join('\n');
  const ar = lang === 'ar';
  const amount = offer.amount === null ? (ar ? 'لم يُحدَّد' : 'not given') : money(offer.amount, lang);
  return renderEmail({
    lang,
    subject: ar ? `عرض جديد على ${title(target, lang)}` : `New offer on ${title(target, lang)}`,
    heading: ar ? 'وصلك عرض جديد' : 'You have a new offer',
    paragraphs: [
      ar
        ? `قدّم ${offer.name} عرضًا على فرصتك ${title(target, lang)}.`
        : `${offer.name} made an offer on your opportunity ${title(target, lang)}.`,
      ar
        ? `الجوال: ${offer.phone}\nالبريد الإلكتروني: ${offer.email}\nالمبلغ المعروض: ${amount}`
        : `Phone: ${offer.phone}\nEmail: ${offer.email}\nAmount offered: ${amount}`,
      `${ar ? 'الأسباب' : 'Reasons'}:\n${reasons}`,
      `${ar ? 'الرسالة' : 'Message'}:\n${offer.message}`,
    ],
    action: {
      label: ar ? 'عرض العروض المستلمة' : 'See the offers received',
      url: `${publicUrl}/opportunities/${target.id}`,
    },
  });
}

export function decisionEmail(
  lang: Language,
  target: OfferTarget,
  status: 'accepted' | 'declined',
  publicUrl: string,
  note: string | null = null,
): RenderedEmail {
  const ar = lang === 'ar';
  const accepted = status === 'accepted';
  // The owner's words verbatim (the layout escapes them), under a label in the reader's language.
  const noteLines = note ? [ar ? 'ملاحظة صاحب الفرصة:' : 'Note from the owner:', note] : [];
  return renderEmail({
    lang,
    subject: ar
      ? `${accepted ? 'تم قبول' : 'تم الاعتذار عن'} عرضك على ${title(target, lang)}`
      : `Your offer on ${title(target, lang)} was ${accepted ? 'accepted' : 'declined'}`,
    heading: ar
      ? accepted
        ? 'تم قبول عرضك'
        : 'تم الاعتذار عن عرضك'
      : accepted
        ? 'Offer accepted'
        : 'Offer declined',
    paragraphs: [
      accepted
        ? ar
          ? `قبِل صاحب الفرصة ${title(target, lang)} عرضك. يمكنك مراسلته من صفحة الفرصة.`
          : `The owner of ${title(target, lang)} accepted your offer. You can message them from the opportunity page.`
        : ar
          ? `اعتذر صاحب الفرصة ${title(target, lang)} عن قبول عرضك. نتمنى لك التوفيق في فرص أخرى.`
          : `The owner of ${title(target, lang)} declined your offer. Other opportunities are waiting for you.`,
      ...noteLines,
    ],
    action: {
      label: ar ? 'عروضي' : 'My offers',
      url: `${publicUrl}/profile/my-offers`,
    },
  });
}

/** Notification-centre entries of the offer emails. */

export function offerReceivedNotice(target: OfferTarget, offer: OfferRow) {
  return {
    title: { ar: `عرض جديد على «${target.nameAr}»`, en: `New offer on “${target.name}”` },
    body: {
      ar: offer.amount ? `${offer.name}: ${money(offer.amount, 'ar')}` : offer.name,
      en: offer.amount ? `${offer.name}: ${money(offer.amount, 'en')}` : offer.name,
    },
  };
}

export function offerStatusNotice(target: OfferTarget, status: 'accepted' | 'declined') {
  const accepted = status === 'accepted';
  return {
    title: accepted
      ? { ar: 'قُبل عرضك', en: 'Your offer was accepted' }
      : { ar: 'اعتذر المالك عن عرضك', en: 'Your offer was declined' },
    body: { ar: target.nameAr, en: target.name },
  };
}
