import { sql } from 'drizzle-orm';
import { searchTextOf } from '../packages/shared/src/arabic-normalise';
import type { Database } from '../apps/api/src/db/client';

/**
 * 100,000 approved listings with realistic variety for the search benchmark: Arabic and English
 * names and descriptions drawn per business type (so "مطعم" lives mostly under food), spelling
 * variants the normaliser folds (آسيا, مكة, إلكتروني), amounts over three orders of magnitude,
 * creation dates over two years and skewed popularity. Deterministic (seeded), bulk-inserted in
 * batches through unnest() arrays.
 */

export const BUSINESS_TYPES: Array<[number, string, string, string[], string[]]> = [
  [
    1,
    'خدمات',
    'Services',
    ['مغسلة سيارات', 'مكتب خدمات عامة', 'شركة تنظيف', 'مغسلة ملابس'],
    ['car wash', 'cleaning company', 'laundry', 'services office'],
  ],
  [
    2,
    'صحة',
    'Health',
    ['صيدلية', 'عيادة أسنان', 'مركز علاج طبيعي', 'مختبر طبي'],
    ['pharmacy', 'dental clinic', 'physiotherapy centre', 'medical lab'],
  ],
  [
    3,
    'تعليم',
    'Education',
    ['حضانة أطفال', 'مركز تدريب', 'منصة تعليمية', 'معهد لغات'],
    ['nursery', 'training centre', 'learning platform', 'language institute'],
  ],
  [
    4,
    'تجارة إلكترونية',
    'E-commerce',
    ['متجر إلكتروني للعطور', 'متجر إلكتروني للملابس', 'متجر إلكتروني للإلكترونيات', 'منصة بيع هدايا'],
    ['online perfume store', 'online fashion store', 'online electronics shop', 'gift marketplace'],
  ],
  [
    5,
    'شركات ناشئة',
    'Startups',
    ['شركة ناشئة في التقنية المالية', 'تطبيق توصيل', 'منصة حجوزات', 'تطبيق عقاري'],
    ['fintech startup', 'delivery app', 'booking platform', 'proptech app'],
  ],
  [
    6,
    'تجزئة',
    'Retail',
    ['سوبرماركت', 'محل ملابس', 'مكتبة وقرطاسية', 'محل عطور'],
    ['supermarket', 'clothing shop', 'bookshop and stationery', 'perfume shop'],
  ],
  [
    7,
    'تقنية',
    'Technology',
    ['شركة برمجيات', 'شركة أمن سيبراني', 'مركز بيانات صغير', 'شركة حلول سحابية'],
    ['software company', 'cybersecurity firm', 'small data centre', 'cloud solutions company'],
  ],
  [
    8,
    'أغذية ومطاعم',
    'Food',
    ['مطعم', 'مقهى مختص', 'محمصة قهوة', 'مخبز', 'مطعم مأكولات آسيوية', 'مصنع حلويات'],
    ['restaurant', 'specialty cafe', 'coffee roastery', 'bakery', 'Asian restaurant', 'sweets factory'],
  ],
  [
    9,
    'صناعة',
    'Industry',
    ['مصنع بلاستيك', 'ورشة حدادة', 'مصنع أثاث', 'مطبعة'],
    ['plastics factory', 'metal workshop', 'furniture factory', 'printing press'],
  ],
  [
    10,
    'سياحة',
    'Tourism',
    ['فندق', 'شقق مفروشة', 'منتجع', 'مكتب سياحة وسفر'],
    ['hotel', 'serviced apartments', 'resort', 'travel agency'],
  ],
  [
    11,
    'رياضة',
    'Sports',
    ['نادي رياضي', 'صالة لياقة نسائية', 'أكاديمية كرة قدم', 'متجر مستلزمات رياضية'],
    ['gym', "women's fitness studio", 'football academy', 'sports equipment store'],
  ],
  [
    12,
    'نقل',
    'Logistics',
    ['شركة شحن', 'أسطول نقل', 'مستودعات', 'شركة توصيل طرود'],
    ['shipping company', 'transport fleet', 'warehouses', 'parcel delivery company'],
  ],
];

export const REGIONS: Array<[number, string, string, Array<[string, string]>]> = [
  [
    1,
    'منطقة الرياض',
    'Riyadh Region',
    [
      ['الرياض', 'Riyadh'],
      ['الخرج', 'Al Kharj'],
      ['المجمعة', 'Al Majmaah'],
    ],
  ],
  [
    2,
    'منطقة مكة المكرمة',
    'Makkah Region',
    [
      ['مكة المكرمة', 'Makkah'],
      ['جدة', 'Jeddah'],
      ['الطائف', 'Taif'],
    ],
  ],
  [
    3,
    'المنطقة الشرقية',
    'Eastern Province',
    [
      ['الدمام', 'Dammam'],
      ['الخبر', 'Khobar'],
      ['الأحساء', 'Al Ahsa'],
    ],
  ],
  [
    4,
    'منطقة المدينة المنورة',
    'Madinah Region',
    [
      ['المدينة المنورة', 'Madinah'],
      ['ينبع', 'Yanbu'],
      ['العلا', 'AlUla'],
    ],
  ],
  [
    5,
    'منطقة القصيم',
    'Qassim Region',
    [
      ['بريدة', 'Buraydah'],
      ['عنيزة', 'Unaizah'],
      ['الرس', 'Ar Rass'],
    ],
  ],
  [
    6,
    'منطقة عسير',
    'Asir Region',
    [
      ['أبها', 'Abha'],
      ['خميس مشيط', 'Khamis Mushait'],
      ['بيشة', 'Bisha'],
    ],
  ],
  [
    7,
    'منطقة تبوك',
    'Tabuk Region',
    [
      ['تبوك', 'Tabuk'],
      ['الوجه', 'Al Wajh'],
      ['ضباء', 'Duba'],
    ],
  ],
  [
    8,
    'منطقة حائل',
    'Hail Region',
    [
      ['حائل', 'Hail'],
      ['بقعاء', 'Baqaa'],
      ['الغزالة', 'Al Ghazalah'],
    ],
  ],
  [
    9,
    'منطقة الجوف',
    'Al Jouf Region',
    [
      ['سكاكا', 'Sakaka'],
      ['دومة الجندل', 'Dumat Al Jandal'],
      ['القريات', 'Qurayyat'],
    ],
  ],
  [
    10,
    'منطقة جازان',
    'Jazan Region',
    [
      ['جازان', 'Jazan'],
      ['صبيا', 'Sabya'],
      ['أبو عريش', 'Abu Arish'],
    ],
  ],
  [
    11,
    'منطقة نجران',
    'Najran Region',
    [
      ['نجران', 'Najran'],
      ['شرورة', 'Sharurah'],
      ['حبونا', 'Hubuna'],
    ],
  ],
  [
    12,
    'منطقة الباحة',
    'Al Bahah Region',
    [
      ['الباحة', 'Al Bahah'],
      ['بلجرشي', 'Baljurashi'],
      ['المندق', 'Al Mandaq'],
    ],
  ],
  [
    13,
    'منطقة الحدود الشمالية',
    'Northern Borders',
    [
      ['عرعر', 'Arar'],
      ['رفحاء', 'Rafha'],
      ['طريف', 'Turaif'],
    ],
  ],
];

const AR_QUALITIES = [
  'رابح',
  'مجهز بالكامل',
  'في موقع مميز',
  'بعقد إيجار طويل',
  'مع فرعين',
  'بإدارة ذاتية',
  'جاهز للتشغيل',
  'بسمعة ممتازة',
  'مؤسسة عائلية',
  'بمبيعات متنامية',
];
const AR_DETAILS = [
  'قاعدة عملاء وفية',
  'عقود توريد مع جهات حكومية',
  'فريق عمل مدرب',
  'تراخيص سارية',
  'حضور قوي على وسائل التواصل',
  'معدات حديثة',
  'نمو سنوي ثابت',
  'قرب الحرم',
  'على طريق رئيسي',
  'فرصة توسع إلى آسيا',
];
const EN_QUALITIES = [
  'profitable',
  'fully equipped',
  'prime location',
  'long lease',
  'two branches',
  'owner managed',
  'turnkey',
  'well reviewed',
  'family business',
  'growing sales',
];
const EN_DETAILS = [
  'loyal customers',
  'government supply contracts',
  'trained staff',
  'valid licences',
  'strong social media presence',
  'modern equipment',
  'steady yearly growth',
  'close to the Haram',
  'on a main road',
  'expansion into Asia',
];

/** Mulberry32: small, fast, seeded. */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function loadLookupsAndOwners(database: Database, owners = 500) {
  const bt = BUSINESS_TYPES.map(
    ([id, ar, en]) => `(${id}, '${ar}', '${en.replace(/'/g, "''")}', ${id})`,
  ).join(',');
  const rg = REGIONS.map(([id, ar, en]) => `(${id}, '${ar}', '${en}')`).join(',');
  const ct = REGIONS.flatMap(([rid, , , cs]) =>
    cs.map(([ar, en], i) => `(${(rid - 1) * 3 + i + 1}, '${ar}', '${en}', ${rid})`),
  ).join(',');
  await database.exec(`
    INSERT INTO business_types (id, name_ar, name_en, sort_order) VALUES ${bt};
    INSERT INTO regions (id, name_ar, name_en) VALUES ${rg};
    INSERT INTO cities (id, name_ar, name_en, region_id) VALUES ${ct};
    SELECT setval('business_types_id_seq', 100), setval('regions_id_seq', 100), setval('cities_id_seq', 100);
    INSERT INTO users (username, email, password_hash, email_verified_at)
      SELECT 'owner' || g, 'owner' || g || '@bench.test', 'x', now() FROM generate_series(1, ${owners}) g;
  `);
}

/**
 * Inserts `count` listings. The GIN indexes of the migration are set aside during the load and
 * rebuilt afterwards from their own definitions (pg_indexes), which is far faster than growing them
 * row by row and leaves exactly the indexes the migration made.
 */
export async function loadListings(database: Database, count: number, batch = 2000): Promise<void> {
  const gin = await database.withSession((q) =>
    q<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'opportunities' AND indexdef LIKE '%USING gin%'`,
    ),
  );
  for (const { indexname } of gin) await database.exec(`DROP INDEX "${indexname}"`);
  const rnd = random(20260521);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)]!;
  const now = Date.now();
  for (let start = 0; start < count; start += batch) {
    const n = Math.min(batch, count - start);
    const cols: Record<string, unknown[]> = {
      name: [],
      name_ar: [],
      type: [],
      description: [],
      description_ar: [],
      region_id: [],
      city_id: [],
      business_type_id: [],
      offered_percentage: [],
      required_amount: [],
      ebitda: [],
      yearly_sales: [],
      yearly_operational_cost: [],
      expected: [],
      facility_size: [],
      foundation: [],
      search_text: [],
      views: [],
      favorites: [],
      offers: [],
      submitted_by: [],
      created_at: [],
      verified: [],
    };
    for (let i = 0; i < n; i++) {
      const [btId, , , arNouns, enNouns] = pick(BUSINESS_TYPES);
      const nounIndex = Math.floor(rnd() * arNouns.length);
      const [regionId, , , regionCities] = pick(REGIONS);
      const cityIndex = Math.floor(rnd() * 3);
      const [cityAr, cityEn] = regionCities[cityIndex]!;
      const nameAr = `${arNouns[nounIndex]} ${pick(AR_QUALITIES)} في ${cityAr}`;
      const name = `${pick(EN_QUALITIES)} ${enNouns[nounIndex]} in ${cityEn}`.replace(/^./, (c) =>
        c.toUpperCase(),
      );
      const descriptionAr = `${arNouns[nounIndex]} ${pick(AR_QUALITIES)} يتميز ب${pick(AR_DETAILS)} و${pick(AR_DETAILS)}، يعمل منذ ${2005 + Math.floor(rnd() * 19)} في ${cityAr}.`;
      const description = `A ${pick(EN_QUALITIES)} ${enNouns[nounIndex]} with ${pick(EN_DETAILS)} and ${pick(EN_DETAILS)}, trading since ${2005 + Math.floor(rnd() * 19)} in ${cityEn}.`;
      const amount = Math.round(10 ** (4.5 + rnd() * 3)) * 10;
      const sales = Math.round(amount * (0.5 + rnd() * 3));
      const popularity = Math.floor(rnd() ** 6 * 500);
      cols.name!.push(name);
      cols.name_ar!.push(nameAr);
      cols.type!.push(rnd() < 0.7 ? 'invest' : 'buy');
      cols.description!.push(description);
      cols.description_ar!.push(descriptionAr);
      cols.region_id!.push(regionId);
      cols.city_id!.push((regionId - 1) * 3 + cityIndex + 1);
      cols.business_type_id!.push(btId);
      cols.offered_percentage!.push(Math.round((5 + rnd() * 95) * 100) / 100);
      cols.required_amount!.push(amount);
      cols.ebitda!.push(Math.round(sales * (rnd() * 0.4 - 0.05)));
      cols.yearly_sales!.push(sales);
      cols.yearly_operational_cost!.push(Math.round(sales * (0.4 + rnd() * 0.5)));
      cols.expected!.push(Math.round(rnd() * 4000) / 100);
      cols.facility_size!.push(1 + Math.floor(rnd() * 80));
      cols.foundation!.push(
        `${2000 + Math.floor(rnd() * 24)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`,
      );
      cols.search_text!.push(searchTextOf(name, nameAr, description, descriptionAr));
      cols.views!.push(popularity * 7);
      cols.favorites!.push(Math.floor(popularity / 10));
      cols.offers!.push(Math.floor(popularity / 40));
      cols.submitted_by!.push(1 + Math.floor(rnd() * 500));
      cols.created_at!.push(new Date(now - rnd() * 730 * 86_400_000).toISOString());
      cols.verified!.push(rnd() < 0.2);
    }
    const arr = (key: string, type: string) => sql`${sql.param(cols[key])}::${sql.raw(type)}[]`;
    await database.db.execute(sql`
      INSERT INTO opportunities (name, name_ar, type, description, description_ar, status, region_id, city_id,
        business_type_id, offered_percentage, required_amount, ebitda, yearly_sales, yearly_operational_cost,
        expected_year_profit_percentage, facility_size, facility_foundation_day, contact_phone, search_text,
        views_count, favorites_count, offers_count, submitted_by, created_at, approved_at, updated_at, is_verified)
      SELECT u.name, u.name_ar, u.type, u.description, u.description_ar, 'approved', u.region_id, u.city_id,
        u.business_type_id, u.offered_percentage, u.required_amount, u.ebitda, u.yearly_sales, u.yearly_operational_cost,
        u.expected, u.facility_size, u.foundation, '966500000000', u.search_text,
        u.views, u.favorites, u.offers, u.submitted_by, u.created_at, u.created_at, u.created_at, u.verified
      FROM unnest(${arr('name', 'text')}, ${arr('name_ar', 'text')}, ${arr('type', 'text')}, ${arr('description', 'text')},
        ${arr('description_ar', 'text')}, ${arr('region_id', 'int')}, ${arr('city_id', 'int')}, ${arr('business_type_id', 'int')},
        ${arr('offered_percentage', 'numeric')}, ${arr('required_amount', 'bigint')}, ${arr('ebitda', 'bigint')},
        ${arr('yearly_sales', 'bigint')}, ${arr('yearly_operational_cost', 'bigint')}, ${arr('expected', 'numeric')},
        ${arr('facility_size', 'int')}, ${arr('foundation', 'date')}, ${arr('search_text', 'text')}, ${arr('views', 'int')},
        ${arr('favorites', 'int')}, ${arr('offers', 'int')}, ${arr('submitted_by', 'int')}, ${arr('created_at', 'timestamptz')},
        ${arr('verified', 'boolean')})
        AS u(name, name_ar, type, description, description_ar, region_id, city_id, business_type_id, offered_percentage,
          required_amount, ebitda, yearly_sales, yearly_operational_cost, expected, facility_size, foundation, search_text,
          views, favorites, offers, submitted_by, created_at, verified)`);
  }
  // Recent daily views for the top list: the most popular few hundred listings were seen this fortnight.
  await database.exec(`
    INSERT INTO opportunity_daily_views (opportunity_id, day, views)
      SELECT o.id, current_date - d, 1 + (o.views_count / 50)
      FROM (SELECT id, views_count FROM opportunities ORDER BY views_count DESC LIMIT 400) o,
           generate_series(0, 13) d;
  `);
  for (const { indexdef } of gin) await database.exec(indexdef);
  await database.exec('VACUUM ANALYZE');
}
