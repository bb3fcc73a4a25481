import type { Language } from '@safqa/shared/constants';
import type { Db } from '../../db/client';
import { describeDevice } from '../../lib/user-agent';
import { renderEmail } from '../../mail/render-email';
import type { Mailer } from '../../plugins/mailer';

/** The account guard's two emails (API.md "Account security"), Arabic first, in the owner's language. */
const texts = {
  ar: {
    newDevice: {
      subject: 'تسجيل دخول من جهاز جديد إلى حسابك في صفقة',
      heading: 'مرحبًا {username}',
      intro: 'سُجّل الدخول إلى حسابك في صفقة من جهاز لم يُستخدم معه من قبل.',
      device: 'الجهاز: {value}',
      time: 'الوقت: {value}',
      address: 'العنوان: {value}',
      unknownAddress: 'غير معروف',
      outro:
        'إذا كنت أنت فلا حاجة إلى أي إجراء. وإن لم تكن أنت، فسجّل خروج هذا الجهاز من قائمة الأجهزة وغيّر كلمة المرور فورًا.',
      action: 'مراجعة الأجهزة',
    },
    guessing: {
      subject: 'محاولات دخول فاشلة متكررة إلى حسابك في صفقة',
      heading: 'مرحبًا {username}',
      paragraphs: [
        'فشلت أكثر من 10 محاولات لتسجيل الدخول إلى حسابك خلال 15 دقيقة، فصارت كل محاولة تالية تنتظر وقتًا أطول.',
        'الأجهزة التي سجّلت الدخول منها من قبل تستطيع الدخول بكلمة المرور الصحيحة كالمعتاد.',
        'إذا لم تكن أنت، فاختر كلمة مرور قوية لا تستخدمها في مكان آخر، وراجع أجهزتك المسجّلة.',
      ],
      action: 'مراجعة الأجهزة',
    },
  },
  en: {
    newDevice: {
      subject: 'New sign-in to your Safqa account',
      heading: 'Hello {username}',
      intro: 'Your Safqa account was signed in to from a device it had not been used with before.',
      device: 'Device: {value}',
      time: 'Time: {value}',
      address: 'Address: {value}',
      unknownAddress: 'unknown',
      outro:
        'If this was you, there is nothing to do. If it was not, sign that device out from your devices list and change your password right away.',
      action: 'Review your devices',
    },
    guessing: {
      subject: 'Repeated failed sign-ins to your Safqa account',
      heading: 'Hello {username}',
      paragraphs: [
        'More than 10 attempts to sign in to your account failed within 15 minutes, so each further try now waits longer.',
        'Devices you signed in with before can still sign in with the right password as usual.',
        'If this was not you, choose a strong password you use nowhere else, and review your signed-in devices.',
      ],
      action: 'Review your devices',
    },
  },
} as const;

/** The Devices tab of the profile (apps/web profile-tabs.ts). */
function devicesUrl(publicUrl: string): string {
  const url = new URL('/profile', publicUrl);
  url.searchParams.set('tab', 'devices');
  return url.toString();
}

/**
 * A sign-in time as people read it: the Gregorian calendar and Latin digits as on the site, in Saudi
 * time (most of our users), with the zone written out so nobody has to guess.
 */
function signInTime(at: Date, lang: Language): string {
  return new Intl.DateTimeFormat(
    lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB-u-ca-gregory-nu-latn',
    {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Asia/Riyadh',
      timeZoneName: 'short',
    },
  ).format(at);
}

interface Recipient {
  email: string;
  username: string;
  language: Language;
}

/**
 * The new-device and guessing emails. Each is queued in the outbox (inside `db`'s transaction when it
 * is one), so an SMTP outage loses nothing.
 */
export function createSecurityMails(deps: { mailer: Pick<Mailer, 'enqueue'>; publicUrl: string }) {
  const { mailer, publicUrl } = deps;

  async function queueNewDeviceEmail(
    db: Db,
    user: Recipient,
    signIn: { userAgent?: string | undefined; ip: string; at: Date },
  ): Promise<void> {
    const t = texts[user.language].newDevice;
    const line = (template: string, value: string) => template.replace('{value}', value);
    const rendered = renderEmail({
      lang: user.language,
      subject: t.subject,
      heading: t.heading.replace('{username}', user.username),
      paragraphs: [
        t.intro,
        [
          line(t.device, describeDevice(signIn.userAgent, user.language)),
          line(t.time, signInTime(signIn.at, user.language)),
          line(t.address, signIn.ip || t.unknownAddress),
        ].join('\n'),
        t.outro,
      ],
      action: { label: t.action, url: devicesUrl(publicUrl) },
    });
    await mailer.enqueue({ to: user.email, ...rendered }, db);
  }

  async function queueGuessingAlertEmail(db: Db, user: Recipient): Promise<void> {
    const t = texts[user.language].guessing;
    const rendered = renderEmail({
      lang: user.language,
      subject: t.subject,
      heading: t.heading.replace('{username}', user.username),
      paragraphs: [...t.paragraphs],
      action: { label: t.action, url: devicesUrl(publicUrl) },
    });
    await mailer.enqueue({ to: user.email, ...rendered }, db);
  }

  return { queueNewDeviceEmail, queueGuessingAlertEmail };
}

export type SecurityMails = ReturnType<typeof createSecurityMails>;
