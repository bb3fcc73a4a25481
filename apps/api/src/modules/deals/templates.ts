import type { DealSide } from '@safqa/shared/validation/deals';

/** One item of a sector's due-diligence checklist template, in both languages. */
export interface TemplateItem {
  ar: string;
  en: string;
  side: DealSide;
}

const COMMON: TemplateItem[] = [
  {
    ar: 'القوائم المالية لآخر ثلاث سنوات',
    en: 'Financial statements for the last three years',
    side: 'seller',
  },
  { ar: 'السجل التجاري والتراخيص السارية', en: 'Commercial registration and valid licences', side: 'seller' },
  { ar: 'عقد إيجار الموقع', en: 'Premises lease agreement', side: 'seller' },
  { ar: 'قائمة الموظفين وعقودهم', en: 'Staff list and employment contracts', side: 'seller' },
  { ar: 'الالتزامات والديون القائمة', en: 'Outstanding liabilities and debts', side: 'seller' },
  { ar: 'شهادة الزكاة والضريبة', en: 'Zakat and tax certificate', side: 'seller' },
  { ar: 'إثبات القدرة المالية للمشتري', en: "Proof of the buyer's funds", side: 'buyer' },
];

/** Extra items by sector, matched on words of the sector's English name. */
const SECTORS: Array<{ match: RegExp; items: TemplateItem[] }> = [
  {
    match: /food|beverage|restaurant|tourism|hospitality/i,
    items: [
      {
        ar: 'رخصة البلدية وشهادات السلامة الغذائية',
        en: 'Municipal licence and food safety certificates',
        side: 'seller',
      },
      { ar: 'الشهادات الصحية للعاملين', en: 'Health certificates of the staff', side: 'seller' },
      { ar: 'قائمة المعدات وحالتها', en: 'Equipment list and condition', side: 'seller' },
      { ar: 'زيارة الموقع وتقييم التشغيل', en: 'Site visit and operations review', side: 'buyer' },
    ],
  },
  {
    match: /e-commerce|retail|franchise/i,
    items: [
      { ar: 'جرد المخزون وتقييمه', en: 'Stock count and valuation', side: 'seller' },
      { ar: 'عقود الموردين', en: 'Supplier agreements', side: 'seller' },
      { ar: 'تقارير المبيعات الشهرية', en: 'Monthly sales reports', side: 'seller' },
      {
        ar: 'مراجعة المبيعات مع كشوف الحساب البنكية',
        en: 'Check sales against bank statements',
        side: 'buyer',
      },
    ],
  },
  {
    match: /tech|startup|software/i,
    items: [
      {
        ar: 'ملكية الشيفرة المصدرية والملكية الفكرية',
        en: 'Source code and intellectual property ownership',
        side: 'seller',
      },
      {
        ar: 'مؤشرات الإيرادات المتكررة والعملاء',
        en: 'Recurring revenue and customer metrics',
        side: 'seller',
      },
      { ar: 'مراجعة تقنية للأنظمة', en: 'Technical review of the systems', side: 'buyer' },
    ],
  },
];

/** The checklist a new deal starts with: the common items, then the sector's own. */
export function checklistTemplate(sector: string): TemplateItem[] {
  const extra = SECTORS.find((s) => s.match.test(sector))?.items ?? [];
  return [...COMMON, ...extra];
}
