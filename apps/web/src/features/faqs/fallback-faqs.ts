import type { Faq } from './api/get-faqs';

/** SPEC.md section 8: when the FAQ cannot be fetched, these two built-in items are shown instead. */
export const FALLBACK_FAQS: readonly Faq[] = [
  {
    id: -1,
    questionAr: 'ما هي منصة صفقة؟',
    answerAr:
      'صفقة أول منصة عربية لبيع المشاريع والاستثمار فيها: يعرض أصحاب المشاريع مشاريعهم أو حصصًا منها، ويتصفحها المستثمرون والمشترون ويحفظونها ويقدّمون عروضهم ويتواصلون مع أصحابها.',
    questionEn: 'What is Safqa?',
    answerEn:
      'Safqa is the first Arabic platform to sell a business or invest in one: owners list their businesses or stakes in them, and investors and buyers browse, bookmark, make offers and chat with the owners.',
  },
  {
    id: -2,
    questionAr: 'كيف أعرض مشروعي للبيع أو الاستثمار؟',
    answerAr:
      'أنشئ حسابًا وسجّل دخولك، ثم اختر «أضف فرصة» وأكمل خطوات النموذج. تراجع الإدارة الفرصة قبل نشرها، وتصلك العروض والرسائل في حسابك.',
    questionEn: 'How do I list my business for sale or investment?',
    answerEn:
      'Create an account and sign in, then choose "Add opportunity" and complete the steps of the form. The team reviews each opportunity before it is published, and offers and messages arrive in your account.',
  },
];
