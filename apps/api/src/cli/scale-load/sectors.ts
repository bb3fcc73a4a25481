/**
 * Per sector: what the businesses are called in both languages and how their money looks (medians of
 * log-normal draws, in riyals), so that a bakery asks less than a factory and margins differ by trade.
 */
export interface SectorProfile {
  id: number;
  nouns: Array<[ar: string, en: string]>;
  features: Array<[ar: string, en: string]>;
  /** Median yearly sales and typical net margin. */
  salesMedian: number;
  margin: number;
}

export const SECTORS: SectorProfile[] = [
  {
    id: 1,
    salesMedian: 3_000_000,
    margin: 0.3,
    nouns: [
      ['مجمع سكني', 'residential compound'],
      ['برج مكاتب', 'office tower'],
      ['مركز تجاري', 'shopping centre'],
    ],
    features: [
      ['عقود إيجار طويلة', 'long leases'],
      ['نسبة إشغال عالية', 'high occupancy'],
    ],
  },
  {
    id: 2,
    salesMedian: 8_000_000,
    margin: 0.14,
    nouns: [
      ['مصنع بلاستيك', 'plastics factory'],
      ['مصنع أثاث', 'furniture factory'],
      ['ورشة حدادة', 'metal workshop'],
    ],
    features: [
      ['خطوط إنتاج حديثة', 'modern production lines'],
      ['شهادة أيزو', 'ISO certification'],
    ],
  },
  {
    id: 3,
    salesMedian: 5_000_000,
    margin: 0.18,
    nouns: [
      ['عيادة أسنان', 'dental clinic'],
      ['صيدلية', 'pharmacy'],
      ['مختبر تحاليل', 'medical laboratory'],
    ],
    features: [
      ['ترخيص وزارة الصحة', 'health ministry licence'],
      ['أطباء متخصصون', 'specialist doctors'],
    ],
  },
  {
    id: 4,
    salesMedian: 1_500_000,
    margin: 0.12,
    nouns: [
      ['متجر إلكتروني', 'online store'],
      ['منصة توصيل', 'delivery platform'],
      ['متجر عطور إلكتروني', 'online perfume shop'],
    ],
    features: [
      ['عملاء متكررون', 'repeat customers'],
      ['مخزون مملوك', 'owned inventory'],
    ],
  },
  {
    id: 5,
    salesMedian: 600_000,
    margin: 0.05,
    nouns: [
      ['تطبيق حجوزات', 'booking app'],
      ['منصة تعليمية', 'learning platform'],
      ['شركة تقنية مالية', 'fintech startup'],
    ],
    features: [
      ['نمو شهري متسارع', 'fast monthly growth'],
      ['فريق تقني', 'engineering team'],
    ],
  },
  {
    id: 6,
    salesMedian: 2_000_000,
    margin: 0.1,
    nouns: [
      ['محل ملابس', 'clothing shop'],
      ['سوبرماركت', 'supermarket'],
      ['محل هدايا', 'gift shop'],
    ],
    features: [
      ['موقع على شارع رئيسي', 'main street location'],
      ['موردون ثابتون', 'steady suppliers'],
    ],
  },
  {
    id: 7,
    salesMedian: 2_500_000,
    margin: 0.2,
    nouns: [
      ['شركة برمجيات', 'software company'],
      ['مزود استضافة', 'hosting provider'],
      ['شركة أمن سيبراني', 'cybersecurity firm'],
    ],
    features: [
      ['عقود صيانة سنوية', 'annual support contracts'],
      ['منتج سحابي', 'cloud product'],
    ],
  },
  {
    id: 8,
    salesMedian: 1_800_000,
    margin: 0.15,
    nouns: [
      ['مطعم', 'restaurant'],
      ['مقهى', 'cafe'],
      ['مخبز', 'bakery'],
    ],
    features: [
      ['مطبخ مجهز', 'equipped kitchen'],
      ['تقييمات ممتازة', 'excellent reviews'],
    ],
  },
  {
    id: 9,
    salesMedian: 1_200_000,
    margin: 0.22,
    nouns: [
      ['مركز تدريب', 'training centre'],
      ['حضانة أطفال', 'nursery'],
      ['معهد لغات', 'language institute'],
    ],
    features: [
      ['مناهج معتمدة', 'accredited curricula'],
      ['قاعات مجهزة', 'equipped classrooms'],
    ],
  },
  {
    id: 10,
    salesMedian: 6_000_000,
    margin: 0.09,
    nouns: [
      ['شركة شحن', 'freight company'],
      ['أسطول نقل', 'trucking fleet'],
      ['مستودع تبريد', 'cold-storage warehouse'],
    ],
    features: [
      ['عقود مع موزعين', 'distributor contracts'],
      ['تتبع الشحنات', 'shipment tracking'],
    ],
  },
  {
    id: 11,
    salesMedian: 4_000_000,
    margin: 0.17,
    nouns: [
      ['فندق', 'hotel'],
      ['شقق مفروشة', 'serviced apartments'],
      ['منتجع', 'resort'],
    ],
    features: [
      ['إطلالة بحرية', 'sea view'],
      ['حجوزات موسمية', 'seasonal bookings'],
    ],
  },
  {
    id: 12,
    salesMedian: 900_000,
    margin: 0.25,
    nouns: [
      ['مكتب محاسبة', 'accounting office'],
      ['شركة استشارات', 'consulting firm'],
      ['مكتب ترجمة', 'translation office'],
    ],
    features: [
      ['عملاء من الشركات', 'corporate clients'],
      ['كوادر مؤهلة', 'qualified staff'],
    ],
  },
  {
    id: 13,
    salesMedian: 2_200_000,
    margin: 0.16,
    nouns: [
      ['مزرعة نخيل', 'date palm farm'],
      ['بيوت محمية', 'greenhouses'],
      ['مزرعة دواجن', 'poultry farm'],
    ],
    features: [
      ['آبار مياه', 'water wells'],
      ['أرض مملوكة', 'owned land'],
    ],
  },
  {
    id: 14,
    salesMedian: 700_000,
    margin: 0.2,
    nouns: [
      ['صالون تجميل', 'beauty salon'],
      ['مركز سبا', 'spa'],
      ['حلاق رجالي', 'barber shop'],
    ],
    features: [
      ['زبائن دائمون', 'loyal clients'],
      ['ديكور حديث', 'modern fit-out'],
    ],
  },
  {
    id: 15,
    salesMedian: 2_800_000,
    margin: 0.11,
    nouns: [
      ['ورشة سيارات', 'car workshop'],
      ['معرض سيارات', 'car showroom'],
      ['مغسلة سيارات', 'car wash'],
    ],
    features: [
      ['معدات فحص', 'diagnostic equipment'],
      ['وكالة قطع غيار', 'spare parts dealership'],
    ],
  },
  {
    id: 16,
    salesMedian: 10_000_000,
    margin: 0.1,
    nouns: [
      ['شركة مقاولات', 'contracting company'],
      ['مصنع خرسانة', 'concrete plant'],
      ['شركة تشطيبات', 'fit-out company'],
    ],
    features: [
      ['تصنيف مقاولين', 'contractor classification'],
      ['معدات ثقيلة', 'heavy equipment'],
    ],
  },
  {
    id: 17,
    salesMedian: 1_600_000,
    margin: 0.13,
    nouns: [
      ['فرع امتياز قهوة', 'coffee franchise branch'],
      ['امتياز وجبات سريعة', 'fast-food franchise'],
      ['امتياز مغسلة ملابس', 'laundry franchise'],
    ],
    features: [
      ['علامة معروفة', 'known brand'],
      ['دعم المانح', 'franchisor support'],
    ],
  },
  {
    id: 18,
    salesMedian: 1_000_000,
    margin: 0.18,
    nouns: [
      ['نادي رياضي', 'gym'],
      ['أكاديمية كرة قدم', 'football academy'],
      ['استوديو يوغا', 'yoga studio'],
    ],
    features: [
      ['اشتراكات سنوية', 'annual memberships'],
      ['مدربون معتمدون', 'certified coaches'],
    ],
  },
];

export const ADJECTIVES: Array<[string, string]> = [
  ['ناجح', 'thriving'],
  ['مربح', 'profitable'],
  ['راسخ', 'established'],
  ['متنام', 'growing'],
  ['مميز', 'distinctive'],
  ['حديث', 'modern'],
  ['عائلي', 'family-run'],
  ['رائد', 'leading'],
];

export const REASONS: Array<[string, string]> = [
  ['يرغب المالك في التفرغ لمشروع آخر', 'the owner is moving on to another venture'],
  ['للتوسع بشريك استراتيجي', 'to expand with a strategic partner'],
  ['بسبب السفر', 'because the owner is relocating'],
  ['لتمويل افتتاح فروع جديدة', 'to fund new branches'],
  ['لتقاعد المؤسس', 'as the founder retires'],
];

export const FIRST_NAMES: Array<[string, string]> = [
  ['محمد', 'Mohammed'],
  ['عبدالله', 'Abdullah'],
  ['فهد', 'Fahad'],
  ['سارة', 'Sarah'],
  ['نورة', 'Noura'],
  ['خالد', 'Khalid'],
  ['ريم', 'Reem'],
  ['سلطان', 'Sultan'],
  ['هند', 'Hind'],
  ['ماجد', 'Majed'],
  ['لمى', 'Lama'],
  ['تركي', 'Turki'],
  ['عبير', 'Abeer'],
  ['يوسف', 'Yousef'],
  ['دانة', 'Dana'],
];
export const FAMILY_NAMES: Array<[string, string]> = [
  ['العتيبي', 'Alotaibi'],
  ['القحطاني', 'Alqahtani'],
  ['الشهري', 'Alshehri'],
  ['الدوسري', 'Aldosari'],
  ['الحربي', 'Alharbi'],
  ['الغامدي', 'Alghamdi'],
  ['الزهراني', 'Alzahrani'],
  ['المطيري', 'Almutairi'],
];
