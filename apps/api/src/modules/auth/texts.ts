import type { Language } from '@safqa/shared/constants';

/** The `message` of successful auth answers and the wording of account emails, Arabic first. */
const texts = {
  ar: {
    signedUp: 'تم إنشاء الحساب. أرسلنا رسالة إلى بريدك الإلكتروني لتأكيده.',
    verified: 'تم تأكيد بريدك الإلكتروني. يمكنك تسجيل الدخول الآن.',
    resent: 'إذا كان هناك حساب غير مؤكد بهذا البريد، فقد أرسلنا رسالة تأكيد جديدة.',
    forgot: 'إذا كان هناك حساب بهذا البريد، فقد أرسلنا رسالة.',
    reset: 'تمت إعادة تعيين كلمة المرور. يمكنك تسجيل الدخول الآن.',
    passwordChanged: 'تم تغيير كلمة المرور.',
    resetLinkUsed:
      'استُخدم هذا الرابط من قبل، فرابط إعادة التعيين يعمل مرة واحدة. اطلب رابطًا جديدًا إن احتجت إليه.',
    resetLinkExpired: 'انتهت صلاحية هذا الرابط، فرابط إعادة التعيين يعمل ساعة واحدة. اطلب رابطًا جديدًا.',
    verifyLinkExpired: 'انتهت صلاحية رابط التأكيد، فهو يعمل 24 ساعة. اطلب رسالة تأكيد جديدة.',
    verifyEmail: {
      subject: 'أكّد بريدك الإلكتروني في صفقة',
      heading: 'مرحبًا {username}',
      paragraphs: [
        'شكرًا لتسجيلك في صفقة. اضغط الزر أدناه لتأكيد بريدك الإلكتروني وتفعيل حسابك.',
        'ينتهي هذا الرابط خلال 24 ساعة. إذا لم تنشئ حسابًا في صفقة فتجاهل هذه الرسالة.',
      ],
      action: 'تأكيد البريد الإلكتروني',
    },
    resetPassword: {
      subject: 'إعادة تعيين كلمة المرور في صفقة',
      heading: 'مرحبًا {username}',
      paragraphs: [
        'تلقّينا طلبًا لإعادة تعيين كلمة المرور لحسابك. اضغط الزر أدناه لاختيار كلمة مرور جديدة.',
        'ينتهي هذا الرابط خلال ساعة واحدة ويُستخدم مرة واحدة. إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن يتغير شيء.',
      ],
      action: 'إعادة تعيين كلمة المرور',
    },
    passwordNotice: {
      subject: 'تم تغيير كلمة المرور في صفقة',
      heading: 'مرحبًا {username}',
      paragraphs: [
        'تم تغيير كلمة المرور لحسابك في صفقة، وتم تسجيل الخروج من الأجهزة الأخرى.',
        'إذا لم تقم بذلك، فاطلب إعادة تعيين كلمة المرور فورًا من صفحة نسيت كلمة المرور.',
      ],
      action: 'نسيت كلمة المرور',
    },
  },
  en: {
    signedUp: 'Account created. We sent you an email to verify your address.',
    verified: 'Your email is verified. You can log in now.',
    resent: 'If there is an unverified account with this email, a new verification email has been sent.',
    forgot: 'If there is an account, an email has been sent.',
    reset: 'Your password has been reset. You can log in now.',
    passwordChanged: 'Your password has been changed.',
    resetLinkUsed: 'This link was already used: a reset link works once. Request a new one if you need it.',
    resetLinkExpired: 'This link has expired: a reset link works for one hour. Request a new one.',
    verifyLinkExpired: 'This verification link has expired: it works for 24 hours. Request a new email.',
    verifyEmail: {
      subject: 'Verify your email for Safqa',
      heading: 'Hello {username}',
      paragraphs: [
        'Thank you for signing up to Safqa. Press the button below to verify your email and activate your account.',
        'This link expires in 24 hours. If you did not create a Safqa account, ignore this email.',
      ],
      action: 'Verify email',
    },
    resetPassword: {
      subject: 'Reset your Safqa password',
      heading: 'Hello {username}',
      paragraphs: [
        'We received a request to reset the password of your account. Press the button below to choose a new one.',
        'This link expires in one hour and works once. If you did not ask for it, ignore this email and nothing will change.',
      ],
      action: 'Reset password',
    },
    passwordNotice: {
      subject: 'Your Safqa password was changed',
      heading: 'Hello {username}',
      paragraphs: [
        'The password of your Safqa account was changed, and your other devices were signed out.',
        'If this was not you, reset your password right away from the forgot-password page.',
      ],
      action: 'Forgot password',
    },
  },
} as const;

export type EmailKind = 'verifyEmail' | 'resetPassword' | 'passwordNotice';
export type MessageKind =
  | 'signedUp'
  | 'verified'
  | 'resent'
  | 'forgot'
  | 'reset'
  | 'passwordChanged'
  | 'resetLinkUsed'
  | 'resetLinkExpired'
  | 'verifyLinkExpired';

export function authMessage(kind: MessageKind, lang: Language): string {
  return texts[lang][kind];
}

export function emailText(kind: EmailKind, lang: Language, username: string) {
  const t = texts[lang][kind];
  return {
    subject: t.subject,
    heading: t.heading.replace('{username}', username),
    paragraphs: [...t.paragraphs],
    actionLabel: t.action,
  };
}
