import type { Language } from '@safqa/shared/constants';
import { renderEmail, type RenderedEmail } from '../../mail/render-email';

const TEXTS = {
  ar: {
    suspended: {
      subject: 'أُوقف حسابك في صفقة',
      heading: 'حسابك موقوف',
      body: (name: string) =>
        `مرحبًا ${name}، أوقف فريق صفقة حسابك، فأُنهيت جلساتك كلها ولم تعد فرصك ظاهرة لأحد.`,
      reasonLabel: 'السبب:',
      next: 'للاستفسار أو الاعتراض تواصل معنا من صفحة التواصل.',
      action: 'تواصل معنا',
      path: '/contact',
    },
    active: {
      subject: 'أعيد تفعيل حسابك في صفقة',
      heading: 'حسابك مفعّل من جديد',
      body: (name: string) => `مرحبًا ${name}، أعاد فريق صفقة تفعيل حسابك، وفرصك ظاهرة كما كانت.`,
      reasonLabel: '',
      next: 'يمكنك تسجيل الدخول الآن.',
      action: 'تسجيل الدخول',
      path: '/login',
    },
  },
  en: {
    suspended: {
      subject: 'Your Safqa account is suspended',
      heading: 'Your account is suspended',
      body: (name: string) =>
        `Hello ${name}, the Safqa team has suspended your account: every session was ended and your listings are hidden.`,
      reasonLabel: 'Reason:',
      next: 'To ask about or contest this, contact us from the contact page.',
      action: 'Contact us',
      path: '/contact',
    },
    active: {
      subject: 'Your Safqa account is active again',
      heading: 'Your account is active again',
      body: (name: string) =>
        `Hello ${name}, the Safqa team has reinstated your account; your listings show as they did before.`,
      reasonLabel: '',
      next: 'You can sign in now.',
      action: 'Sign in',
      path: '/login',
    },
  },
} as const;

/** The email telling a user they were suspended (with the reason) or reinstated. */
export function renderUserStatusEmail(options: {
  status: 'active' | 'suspended';
  lang: Language;
  username: string;
  reason: string | null;
  publicUrl: string;
}): RenderedEmail {
  const t = TEXTS[options.lang][options.status];
  const paragraphs: string[] = [t.body(options.username)];
  if (options.reason) paragraphs.push(`${t.reasonLabel}\n${options.reason}`);
  paragraphs.push(t.next);
  return renderEmail({
    lang: options.lang,
    subject: t.subject,
    heading: t.heading,
    paragraphs,
    action: { label: t.action, url: `${options.publicUrl}${t.path}` },
  });
}
