/** Company ages, company sizes and share percentages, with fixed ids in display order. */
export interface LookupSeed {
  id: number;
  nameAr: string;
  nameEn: string;
}

/** `maxYears` (exclusive) lets the demo data derive an age band from a foundation date. */
export const COMPANY_AGES: Array<LookupSeed & { maxYears: number }> = [
  { id: 1, nameAr: 'أقل من سنة', nameEn: 'Less than a year', maxYears: 1 },
  { id: 2, nameAr: 'من سنة إلى 3 سنوات', nameEn: '1–3 years', maxYears: 3 },
  { id: 3, nameAr: 'من 3 إلى 5 سنوات', nameEn: '3–5 years', maxYears: 5 },
  { id: 4, nameAr: 'من 5 إلى 10 سنوات', nameEn: '5–10 years', maxYears: 10 },
  { id: 5, nameAr: 'أكثر من 10 سنوات', nameEn: 'More than 10 years', maxYears: Number.POSITIVE_INFINITY },
];

/** Bands of the Saudi SME authority (Monsha'at) by employee count; `maxEmployees` is inclusive. */
export const COMPANY_SIZES: Array<LookupSeed & { maxEmployees: number }> = [
  { id: 1, nameAr: 'متناهية الصغر (1–5 موظفين)', nameEn: 'Micro (1–5 employees)', maxEmployees: 5 },
  { id: 2, nameAr: 'صغيرة (6–49 موظفًا)', nameEn: 'Small (6–49 employees)', maxEmployees: 49 },
  { id: 3, nameAr: 'متوسطة (50–249 موظفًا)', nameEn: 'Medium (50–249 employees)', maxEmployees: 249 },
  {
    id: 4,
    nameAr: 'كبيرة (250 موظفًا فأكثر)',
    nameEn: 'Large (250+ employees)',
    maxEmployees: Number.POSITIVE_INFINITY,
  },
];

const SHARE_VALUES = [5, 10, 15, 20, 25, 30, 40, 49, 50, 51, 60, 75, 100];

export const SHARE_PERCENTAGES: Array<LookupSeed & { value: number }> = SHARE_VALUES.map((value, index) => ({
  id: index + 1,
  value,
  nameAr: `${value}٪`,
  nameEn: `${value}%`,
}));
