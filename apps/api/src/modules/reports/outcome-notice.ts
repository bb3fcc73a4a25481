import type { Language } from '@safqa/shared/constants';
import type { ReportAction, ReportTargetType } from '@safqa/shared/validation/reports';
import { renderEmail, type RenderedEmail } from '../../mail/render-email';

type Outcome = 'actioned' | 'no_action' | 'dismissed';

/** What the reporter is told: something was done, nothing needed doing, or the report was dismissed. */
export function outcomeOf(status: 'resolved' | 'dismissed', action: ReportAction): Outcome {
  if (status === 'dismissed') return 'dismissed';
  return action === 'none' ? 'no_action' : 'actioned';
}

const TARGET: Record<Language, Record<ReportTargetType, string>> = {
  ar: { opportunity: 'فرصة', user: 'مستخدم', message: 'رسالة' },
  en: { opportunity: 'a listing', user: 'a user', message: 'a message' },
};

const TEXTS: Record<Language, Record<Outcome, { title: string; body: (target: string) => string }>> = {
  ar: {
    actioned: {
      title: 'اتخذنا إجراءً بشأن بلاغك',
      body: (target) => `راجع فريق صفقة بلاغك عن ${target} واتخذ الإجراء المناسب. شكرًا لمساعدتك.`,
    },
    no_action: {
      title: 'راجعنا بلاغك',
      body: (target) => `راجع فريق صفقة بلاغك عن ${target} ولم يجد ما يستدعي إجراءً الآن. شكرًا لك.`,
    },
    dismissed: {
      title: 'أُغلق بلاغك',
      body: (target) => `راجع فريق صفقة بلاغك عن ${target} وأغلقه دون إجراء.`,
    },
  },
  en: {
    actioned: {
      title: 'We acted on your report',
      body: (target) => `The Safqa team reviewed your report about ${target} and took action. Thank you.`,
    },
    no_action: {
      title: 'We reviewed your report',
      body: (target) =>
        `The Safqa team reviewed your report about ${target} and found nothing to act on for now. Thank you.`,
    },
    dismissed: {
      title: 'Your report was closed',
      body: (target) => `The Safqa team reviewed your report about ${target} and closed it without action.`,
    },
  },
};

/** The bell entry of a decided report. */
export function outcomeNotice(
  outcome: Outcome,
  targetType: ReportTargetType,
  note: string | null,
  link: string,
) {
  const body = (lang: Language) => {
    const text = TEXTS[lang][outcome].body(TARGET[lang][targetType]);
    return note ? `${text}\n${note}` : text;
  };
  return {
    title: { ar: TEXTS.ar[outcome].title, en: TEXTS.en[outcome].title },
    body: { ar: body('ar'), en: body('en') },
    link,
  };
}

/** Its email, in the reporter's language. */
export function renderOutcomeEmail(options: {
  outcome: Outcome;
  targetType: ReportTargetType;
  note: string | null;
  lang: Language;
  url: string;
}): RenderedEmail {
  const t = TEXTS[options.lang][options.outcome];
  const paragraphs = [t.body(TARGET[options.lang][options.targetType])];
  if (options.note) paragraphs.push(options.note);
  return renderEmail({
    lang: options.lang,
    subject: t.title,
    heading: t.title,
    paragraphs,
    action: { label: options.lang === 'ar' ? 'فتح صفقة' : 'Open Safqa', url: options.url },
  });
}
