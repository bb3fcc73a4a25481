import type { Language } from '@safqa/shared/constants';
import type { ModerationAction } from '@safqa/shared/validation/admin';
import { renderEmail, type RenderedEmail } from '../../mail/render-email';

interface Texts {
  subject: (name: string) => string;
  heading: string;
  body: (name: string) => string;
  reasonLabel: string;
  next: string;
  action: string;
  /** Page the button opens, relative to PUBLIC_URL. */
  path: (id: number) => string;
}

const TEXTS: Record<Language, Record<ModerationAction, Texts>> = {
  ar: {
    approve: {
      subject: (name) => `نُشرت فرصتك: ${name}`,
      heading: 'فرصتك منشورة الآن',
      body: (name) => `وافق فريق صفقة على «${name}»، وأصبحت ظاهرة للمستثمرين في البحث.`,
      reasonLabel: 'ملاحظة الفريق:',
      next: 'تابع العروض والمحادثات من صفحة حسابك.',
      action: 'عرض الفرصة',
      path: (id) => `/opportunities/${id}`,
    },
    reject: {
      subject: (name) => `لم تتم الموافقة على فرصتك: ${name}`,
      heading: 'فرصتك تحتاج إلى تعديل',
      body: (name) => `راجع فريق صفقة «${name}» ولم يوافق على نشرها.`,
      reasonLabel: 'السبب:',
      next: 'عدّل الفرصة ثم أرسلها للمراجعة مرة أخرى.',
      action: 'تعديل الفرصة',
      path: (id) => `/opportunities/${id}/edit`,
    },
    suspend: {
      subject: (name) => `أُوقفت فرصتك مؤقتًا: ${name}`,
      heading: 'فرصتك موقوفة مؤقتًا',
      body: (name) => `أوقف فريق صفقة عرض «${name}» مؤقتًا، فلم تعد ظاهرة في البحث.`,
      reasonLabel: 'السبب:',
      next: 'للاستفسار تواصل معنا من صفحة التواصل.',
      action: 'تواصل معنا',
      path: () => '/contact',
    },
    reinstate: {
      subject: (name) => `أعيد نشر فرصتك: ${name}`,
      heading: 'فرصتك منشورة من جديد',
      body: (name) => `أعاد فريق صفقة نشر «${name}»، وهي ظاهرة للمستثمرين من جديد.`,
      reasonLabel: 'ملاحظة الفريق:',
      next: 'تابع العروض والمحادثات من صفحة حسابك.',
      action: 'عرض الفرصة',
      path: (id) => `/opportunities/${id}`,
    },
  },
  en: {
    approve: {
      subject: (name) => `Your listing is published: ${name}`,
      heading: 'Your listing is live',
      body: (name) => `The Safqa team approved "${name}"; investors can now find it in search.`,
      reasonLabel: 'Note from the team:',
      next: 'Follow offers and chats from your profile.',
      action: 'View the listing',
      path: (id) => `/opportunities/${id}`,
    },
    reject: {
      subject: (name) => `Your listing was not approved: ${name}`,
      heading: 'Your listing needs changes',
      body: (name) => `The Safqa team reviewed "${name}" and did not approve it.`,
      reasonLabel: 'Reason:',
      next: 'Edit the listing and send it for review again.',
      action: 'Edit the listing',
      path: (id) => `/opportunities/${id}/edit`,
    },
    suspend: {
      subject: (name) => `Your listing is suspended: ${name}`,
      heading: 'Your listing is suspended',
      body: (name) => `The Safqa team suspended "${name}"; it no longer shows in search.`,
      reasonLabel: 'Reason:',
      next: 'If you have questions, write to us from the contact page.',
      action: 'Contact us',
      path: () => '/contact',
    },
    reinstate: {
      subject: (name) => `Your listing is live again: ${name}`,
      heading: 'Your listing is live again',
      body: (name) => `The Safqa team reinstated "${name}"; investors can find it in search again.`,
      reasonLabel: 'Note from the team:',
      next: 'Follow offers and chats from your profile.',
      action: 'View the listing',
      path: (id) => `/opportunities/${id}`,
    },
  },
};

/**
 * The owner's email about a moderation decision, in the owner's language: the listing's name in
 * that language, the reason when there is one, and a button to the page that comes next.
 */
export function renderModerationEmail(options: {
  action: ModerationAction;
  lang: Language;
  opportunity: { id: number; name: string; nameAr: string };
  reason: string | null;
  publicUrl: string;
}): RenderedEmail {
  const t = TEXTS[options.lang][options.action];
  const name = options.lang === 'ar' ? options.opportunity.nameAr : options.opportunity.name;
  const paragraphs = [t.body(name)];
  if (options.reason) paragraphs.push(`${t.reasonLabel}\n${options.reason}`);
  paragraphs.push(t.next);
  return renderEmail({
    lang: options.lang,
    subject: t.subject(name),
    heading: t.heading,
    paragraphs,
    action: { label: t.action, url: `${options.publicUrl}${t.path(options.opportunity.id)}` },
  });
}

const NOTICE: Record<ModerationAction, { ar: string; en: string }> = {
  approve: { ar: 'نُشرت فرصتك', en: 'Your listing is published' },
  reject: { ar: 'لم تتم الموافقة على فرصتك', en: 'Your listing was not approved' },
  suspend: { ar: 'أُوقفت فرصتك مؤقتًا', en: 'Your listing is suspended' },
  reinstate: { ar: 'أعيد نشر فرصتك', en: 'Your listing is live again' },
};

/** The notification-centre entry of a moderation decision: the reason, when given, is its body. */
export function moderationNotice(
  action: ModerationAction,
  opportunity: { id: number; name: string; nameAr: string },
  reason: string | null,
) {
  const withReason = (name: string, label: string) => (reason ? `${name}: ${label} ${reason}` : name);
  return {
    title: NOTICE[action],
    body: {
      ar: withReason(opportunity.nameAr, TEXTS.ar[action].reasonLabel),
      en: withReason(opportunity.name, TEXTS.en[action].reasonLabel),
    },
    link: TEXTS.en[action].path(opportunity.id),
  };
}
