import { BUSINESS_TYPE_IDS as T } from './business-types';

/**
 * Demo accounts (only outside production, with SEED_DEMO). They all share DEMO_PASSWORD, which is
 * documented in src/db/seed/README.md and printed in the first-start block; it is a known value on
 * purpose so that demos and end-to-end tests can sign in as an owner or an advisor.
 */
export const DEMO_PASSWORD = 'Safqa@Demo2024';

/** Created when no admin exists and ADMIN_EMAIL is not configured; its password is generated. */
export const DEMO_ADMIN_EMAIL = 'admin@safqa.local';
export const DEMO_ADMIN_USERNAME = 'مدير صفقة';

export type DemoOwnerKey = 'abdullah' | 'noura' | 'faisal' | 'sarah';

export interface DemoAccount {
  key: string;
  username: string;
  email: string;
  phoneNumber: string;
  language: 'ar' | 'en';
  advisor?: { bio: string; experienceYears: number; businessTypeIds: number[] };
}

export const DEMO_OWNERS: Array<DemoAccount & { key: DemoOwnerKey }> = [
  {
    key: 'abdullah',
    username: 'عبدالله القحطاني',
    email: 'abdullah@demo.safqa.local',
    phoneNumber: '966501234871',
    language: 'ar',
  },
  {
    key: 'noura',
    username: 'نورة الشمري',
    email: 'noura@demo.safqa.local',
    phoneNumber: '966553401982',
    language: 'ar',
  },
  {
    key: 'faisal',
    username: 'Faisal Alharbi',
    email: 'faisal@demo.safqa.local',
    phoneNumber: '966542207316',
    language: 'en',
  },
  {
    key: 'sarah',
    username: 'Sarah Alghamdi',
    email: 'sarah@demo.safqa.local',
    phoneNumber: '966568812054',
    language: 'en',
    advisor: {
      bio: 'Former venture-capital analyst who has reviewed more than 200 Saudi startups and online stores. I help founders prepare their data room, valuation and term sheet before they meet investors, and help investors read unit economics.',
      experienceYears: 9,
      businessTypeIds: [T.ecommerce, T.startups, T.tech],
    },
  },
];

export const DEMO_ADVISORS: DemoAccount[] = [
  {
    key: 'khalid',
    username: 'د. خالد العتيبي',
    email: 'khalid@demo.safqa.local',
    phoneNumber: '966505519273',
    language: 'ar',
    advisor: {
      bio: 'مستشار مالي معتمد وخبير في تقييم المنشآت، عمل عشرين عامًا في تمويل الشركات وصفقات الاندماج والاستحواذ في القطاعات الصناعية والعقارية واللوجستية. يساعد المشترين على إجراء الفحص النافي للجهالة وهيكلة الصفقة وشروط السداد.',
      experienceYears: 20,
      businessTypeIds: [T.realEstate, T.industry, T.construction, T.logistics],
    },
  },
  {
    key: 'reem',
    username: 'ريم الدوسري',
    email: 'reem@demo.safqa.local',
    phoneNumber: '966536640128',
    language: 'ar',
    advisor: {
      bio: 'متخصصة في تنمية متاجر التجزئة والمتاجر الإلكترونية، قادت التحول الرقمي لأكثر من ثلاثين علامة تجارية محلية. أقدّم دراسات الجدوى وتحليل هوامش الربح وخطط التسويق قبل البيع أو دخول مستثمر جديد.',
      experienceYears: 8,
      businessTypeIds: [T.ecommerce, T.retail, T.beauty],
    },
  },
  {
    key: 'omar',
    username: 'عمر باعشن',
    email: 'omar@demo.safqa.local',
    phoneNumber: '966597723405',
    language: 'ar',
    advisor: {
      bio: 'خبير في قطاع المطاعم والمقاهي والضيافة والامتياز التجاري، أسس وأدار مطاعم في جدة ومكة المكرمة. أقدّم استشارات في تقييم المطاعم ونقل ملكيتها وصياغة عقود الامتياز ومراجعة تكاليف التشغيل.',
      experienceYears: 12,
      businessTypeIds: [T.food, T.tourism, T.franchise],
    },
  },
  {
    key: 'haifa',
    username: 'د. هيفاء السبيعي',
    email: 'haifa@demo.safqa.local',
    phoneNumber: '966580036619',
    language: 'ar',
    advisor: {
      bio: 'استشارية في إدارة المنشآت الصحية والتعليمية، لها خبرة في تراخيص وزارة الصحة ووزارة التعليم وتقييم العيادات والمراكز الطبية والمدارس الأهلية ومراكز التدريب.',
      experienceYears: 11,
      businessTypeIds: [T.healthcare, T.education, T.services],
    },
  },
];
