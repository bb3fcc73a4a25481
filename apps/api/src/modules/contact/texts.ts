import type { Language } from '@safqa/shared/constants';
import type { ContactMessage } from '@safqa/shared/validation/contact';
import { renderEmail, type RenderedEmail } from '../../mail/render-email';

const texts = {
  ar: {
    sent: 'تم إرسال رسالتك بنجاح، وسنتواصل معك قريبًا.',
    subject: (name: string) => `رسالة تواصل جديدة من ${name}`,
    heading: 'رسالة جديدة من صفحة التواصل',
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    language: 'لغة المرسل',
    languages: { ar: 'العربية', en: 'الإنجليزية' },
    message: 'الرسالة:',
    footer: 'للرد على المرسل، رُدّ على هذا البريد مباشرة.',
  },
  en: {
    sent: 'Your message has been sent. We will get back to you soon.',
    subject: (name: string) => `New contact message from ${name}`,
    heading: 'A new message from the contact page',
    name: 'Name',
    email: 'Email',
    language: "Sender's language",
    languages: { ar: 'Arabic', en: 'English' },
    message: 'Message:',
    footer: 'Reply to this email to answer the sender directly.',
  },
} as const;

export function contactSentMessage(lang: Language): string {
  return texts[lang].sent;
}

/** The staff notification, in the recipient's language; every visitor-supplied text is escaped by renderEmail. */
export function renderContactEmail(
  input: ContactMessage,
  senderLanguage: Language,
  recipientLanguage: Language,
): RenderedEmail {
  const t = texts[recipientLanguage];
  return renderEmail({
    lang: recipientLanguage,
    subject: t.subject(input.name),
    heading: t.heading,
    paragraphs: [
      `${t.name}: ${input.name}\n${t.email}: ${input.email}\n${t.language}: ${t.languages[senderLanguage]}`,
      `${t.message}\n${input.message}`,
    ],
    footer: t.footer,
  });
}
