/**
 * Business types. Ids are fixed: the home page's category tiles link to ecommerce 4, startups 5,
 * retail 6, tech 7 and food 8 (SPEC.md section 2), and the demo opportunities refer to the others.
 * `sortOrder` lists the tile types first, then the rest.
 */
export interface BusinessTypeSeed {
  id: number;
  nameAr: string;
  nameEn: string;
}

export const BUSINESS_TYPE_IDS = {
  realEstate: 1,
  industry: 2,
  healthcare: 3,
  ecommerce: 4,
  startups: 5,
  retail: 6,
  tech: 7,
  food: 8,
  education: 9,
  logistics: 10,
  tourism: 11,
  services: 12,
  agriculture: 13,
  beauty: 14,
  automotive: 15,
  construction: 16,
  franchise: 17,
  fitness: 18,
} as const;

const T = BUSINESS_TYPE_IDS;

export const BUSINESS_TYPES: BusinessTypeSeed[] = [
  { id: T.ecommerce, nameAr: 'تجارة إلكترونية', nameEn: 'E-commerce' },
  { id: T.retail, nameAr: 'تجارة التجزئة', nameEn: 'Retail' },
  { id: T.food, nameAr: 'أغذية ومشروبات', nameEn: 'Food & Beverage' },
  { id: T.tech, nameAr: 'تقنية', nameEn: 'Technology' },
  { id: T.startups, nameAr: 'شركات ناشئة', nameEn: 'Startups' },
  { id: T.realEstate, nameAr: 'عقارات', nameEn: 'Real Estate' },
  { id: T.industry, nameAr: 'صناعة وتصنيع', nameEn: 'Industry & Manufacturing' },
  { id: T.healthcare, nameAr: 'رعاية صحية', nameEn: 'Healthcare' },
  { id: T.education, nameAr: 'تعليم وتدريب', nameEn: 'Education & Training' },
  { id: T.logistics, nameAr: 'نقل وخدمات لوجستية', nameEn: 'Logistics & Transport' },
  { id: T.tourism, nameAr: 'سياحة وضيافة', nameEn: 'Tourism & Hospitality' },
  { id: T.services, nameAr: 'خدمات مهنية', nameEn: 'Professional Services' },
  { id: T.agriculture, nameAr: 'زراعة', nameEn: 'Agriculture' },
  { id: T.beauty, nameAr: 'تجميل وعناية شخصية', nameEn: 'Beauty & Personal Care' },
  { id: T.automotive, nameAr: 'سيارات وخدمات المركبات', nameEn: 'Automotive' },
  { id: T.construction, nameAr: 'مقاولات وإنشاءات', nameEn: 'Construction & Contracting' },
  { id: T.franchise, nameAr: 'امتياز تجاري (فرنشايز)', nameEn: 'Franchise' },
  { id: T.fitness, nameAr: 'لياقة ورياضة', nameEn: 'Fitness & Sports' },
];
