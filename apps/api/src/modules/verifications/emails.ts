import type { Language } from '@safqa/shared/constants';
import type { VerificationKind } from '@safqa/shared/validation/verifications';
import { renderEmail, type RenderedEmail } from '../../mail/render-email';

/** The verification decision's notification and email in both languages, Arabic first. */

const KIND: Record<VerificationKind, Record<Language, string>> = {
  proof_of_funds: { ar: 'إثبات الملاءة المالية', en: 'proof of funds' },
  identity: { ar: 'إثبات الهوية', en: 'identity document' },
};

export const VERIFICATION_LINK = '/profile?tab=verification';

export function verificationDecisionNotice(
  kind: VerificationKind,
  status: 'approved' | 'rejected',
  reason: string | null,
) {
  if (status === 'approved') {
    return {
      title: { ar: 'أصبحت مشتريًا موثقًا', en: 'You are now a verified buyer' },
      body: {
        ar: `قُبل ${KIND[kind].ar}، وتظهر شارة المشتري الموثق للملاك في عروضك وطلباتك ومحادثاتك.`,
        en: `Your ${KIND[kind].en} was approved; owners now see the verified buyer badge on your offers, requests and chats.`,
      },
    };
  }
  return {
    title: { ar: 'رُفض طلب التوثيق', en: 'Your verification request was declined' },
    body: { ar: `السبب: ${reason ?? ''}`, en: `Reason: ${reason ?? ''}` },
  };
}

export function verificationDecisionEmail(
  lang: Language,
  kind: VerificationKind,
  status: 'approved' | 'rejected',
  reason: string | null,
  publicUrl: string,
): RenderedEmail {
  const ar = lang === 'ar';
  const notice = verificationDecisionNotice(kind, status, reason);
  return renderEmail({
    lang,
    subject: notice.title[lang],
    heading: notice.title[lang],
    paragraphs: [
      notice.body[lang],
      ...(status === 'rejected'
        ? [
            ar
              ? 'حُذف الملف الذي أرسلته. يمكنك إرسال طلب جديد من ملفك الشخصي.'
              : 'The file you sent was deleted. You can send a new request from your profile.',
          ]
        : []),
    ],
    action: {
      label: ar ? 'فتح التوثيق' : 'Open verification',
      url: `${publicUrl}${VERIFICATION_LINK}`,
    },
  });
}
