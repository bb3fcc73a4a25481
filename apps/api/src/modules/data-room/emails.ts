import type { Language } from '@safqa/shared/constants';
import type { AccessDecision } from '@safqa/shared/validation/data-room';
import { renderEmail, type RenderedEmail } from '../../mail/render-email';
import type { RoomListing } from '../opportunities/room-listings';

/** The data room's notifications and emails in both languages, Arabic first. */

function title(listing: RoomListing, lang: Language) {
  return lang === 'ar' ? `«${listing.nameAr}»` : `“${listing.name}”`;
}

export function accessRequestNotice(listing: RoomListing, requester: string) {
  return {
    title: {
      ar: `طلب اطلاع على مستندات «${listing.nameAr}»`,
      en: `Request to see the documents of “${listing.name}”`,
    },
    body: {
      ar: `يطلب ${requester} الاطلاع على المستندات السرية.`,
      en: `${requester} asks to see the confidential documents.`,
    },
  };
}

export function accessRequestEmail(
  lang: Language,
  listing: RoomListing,
  requester: string,
  message: string,
  publicUrl: string,
): RenderedEmail {
  const ar = lang === 'ar';
  return renderEmail({
    lang,
    subject: ar
      ? `طلب اطلاع على مستندات ${title(listing, lang)}`
      : `Request to see the documents of ${title(listing, lang)}`,
    heading: ar ? 'طلب اطلاع جديد' : 'New access request',
    paragraphs: [
      ar
        ? `يطلب ${requester} الاطلاع على المستندات السرية لفرصتك ${title(listing, lang)}، وقد وافق على تعهد السرية.`
        : `${requester} asks to see the confidential documents of your opportunity ${title(listing, lang)} and has accepted the confidentiality undertaking.`,
      `${ar ? 'الرسالة' : 'Message'}:\n${message}`,
      ar
        ? 'يمكنك الموافقة على الطلب أو رفضه من صفحة الفرصة، وإلغاء الموافقة لاحقًا في أي وقت.'
        : 'You can approve or decline it on the opportunity page, and revoke an approval at any time.',
    ],
    action: {
      label: ar ? 'مراجعة الطلب' : 'Review the request',
      url: `${publicUrl}/opportunities/${listing.id}`,
    },
  });
}

const DECISION_TEXT: Record<AccessDecision, Record<Language, { title: string; body: string }>> = {
  approved: {
    ar: { title: 'تمت الموافقة على اطلاعك على المستندات', body: 'يمكنك الآن تنزيل المستندات السرية لـ' },
    en: {
      title: 'Your access to the documents was approved',
      body: 'You can now download the confidential documents of',
    },
  },
  declined: {
    ar: { title: 'اعتذر المالك عن طلب الاطلاع', body: 'اعتذر المالك عن مشاركة المستندات السرية لـ' },
    en: {
      title: 'Your access request was declined',
      body: 'The owner declined to share the confidential documents of',
    },
  },
  revoked: {
    ar: { title: 'أُلغي اطلاعك على المستندات', body: 'ألغى المالك اطلاعك على المستندات السرية لـ' },
    en: {
      title: 'Your access to the documents was revoked',
      body: 'The owner revoked your access to the confidential documents of',
    },
  },
};

export function accessDecisionNotice(listing: RoomListing, status: AccessDecision) {
  return {
    title: { ar: DECISION_TEXT[status].ar.title, en: DECISION_TEXT[status].en.title },
    body: { ar: listing.nameAr, en: listing.name },
  };
}

export function accessDecisionEmail(
  lang: Language,
  listing: RoomListing,
  status: AccessDecision,
  publicUrl: string,
): RenderedEmail {
  const text = DECISION_TEXT[status][lang];
  return renderEmail({
    lang,
    subject: `${text.title}: ${title(listing, lang)}`,
    heading: text.title,
    paragraphs: [`${text.body} ${title(listing, lang)}.`],
    action: {
      label: lang === 'ar' ? 'صفحة الفرصة' : 'Open the opportunity',
      url: `${publicUrl}/opportunities/${listing.id}`,
    },
  });
}
