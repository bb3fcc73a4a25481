import { searchTextOf } from '@safqa/shared/arabic-normalise';
import type { StoredImage } from '../../db/stored-files';
import { CITIES } from '../../db/seed/data/cities';
import { COMPANY_AGES, COMPANY_SIZES, SHARE_PERCENTAGES } from '../../db/seed/data/company-lookups';
import type { Cell } from './copy';
import type { ListingCounters } from './counters';
import { DAY, YEAR, emailOf, iso, listingState, ownerOf, type Plan } from './plan';
import { Prng } from './random';
import { ADJECTIVES, REASONS, SECTORS, type SectorProfile } from './sectors';
import { usernameOf } from './users';

/** A picture set of the shared pool (real files in storage), reused by many listings. */
export interface ImageSet {
  businessTypeId: number;
  images: StoredImage[];
  logo: string;
}

export const LISTING_COLUMNS = [
  'id',
  'name',
  'name_ar',
  'type',
  'description',
  'description_ar',
  'status',
  'rejection_reason',
  'deal_state',
  'is_verified',
  'region_id',
  'city_id',
  'business_type_id',
  'company_age_id',
  'company_size_id',
  'offered_percentage',
  'required_amount',
  'negotiable',
  'wait_for_highest_offer',
  'ebitda',
  'yearly_sales',
  'yearly_operational_cost',
  'expected_year_profit_percentage',
  'facility_size',
  'facility_foundation_day',
  'employees_count',
  'branches_count',
  'contact_member_name',
  'contact_phone',
  'contact_email',
  'images',
  'logo',
  'search_text',
  'submitted_by',
  'approved_at',
  'created_at',
  'updated_at',
  'views_count',
  'favorites_count',
  'offers_count',
] as const;

/** Brand-like words: shared by many listings, so a word search has thousands of rows to rank. */
const BRANDS: Array<[string, string]> = [
  ['الواحة', 'Alwaha'],
  ['السنابل', 'Alsanabel'],
  ['النخبة', 'Alnukhba'],
  ['الريادة', 'Alriyada'],
  ['المرجان', 'Almarjan'],
  ['الأصالة', 'Alasala'],
  ['الفجر', 'Alfajr'],
  ['البيان', 'Albayan'],
  ['الندى', 'Alnada'],
  ['الصفوة', 'Alsafwa'],
  ['القمة', 'Alqimma'],
  ['الديرة', 'Aldeera'],
];

const sectorOf = (id: number) => SECTORS[id % SECTORS.length] as SectorProfile;
/** 7 is prime to the 86 cities: every city appears in every run of 86 ids. */
export const cityOf = (id: number) => CITIES[(id * 7) % CITIES.length] as (typeof CITIES)[number];

/** When listing `id` was submitted: ids grow with time over the three years. */
export function listingCreatedAt(plan: Plan, id: number): number {
  return plan.now - 3 * YEAR + Math.floor(((id - 1) / plan.listings) * (3 * YEAR - 7 * DAY));
}
export const approvedAtOf = (plan: Plan, id: number) => listingCreatedAt(plan, id) + (1 + (id % 3)) * DAY;

const riyals = (n: number) => Math.round(n).toLocaleString('en-US');

function texts(id: number, random: Prng) {
  const sector = sectorOf(id);
  const city = cityOf(id);
  const noun = random.pick(sector.nouns);
  const adjective = random.pick(ADJECTIVES);
  const brand = random.pick(BRANDS);
  const [featureA, featureB] = [random.pick(sector.features), random.pick(sector.features)];
  const reason = random.pick(REASONS);
  return { sector, city, noun, adjective, brand, featureA, featureB, reason };
}

export function* listingRows(plan: Plan, pool: ImageSet[], counters: ListingCounters): Generator<Cell[]> {
  const random = new Prng('listings');
  for (let id = 1; id <= plan.listings; id++) {
    const t = texts(id, random);
    const state = listingState(plan, id);
    const created = listingCreatedAt(plan, id);
    const years = random.int(1, 25);
    const sales = Math.max(50_000, Math.round(t.sector.salesMedian * random.logNormal(1, 0.7)));
    const margin = Math.min(0.6, Math.max(0.01, t.sector.margin * random.logNormal(1, 0.4)));
    const ebitda = Math.round(sales * margin);
    const cost = sales - ebitda;
    const share = random.pick(SHARE_PERCENTAGES).value;
    const type = share === 100 || random.chance(0.2) ? 'buy' : 'invest';
    const offered = type === 'buy' ? 100 : share;
    // Asking price: a multiple of profit (3-8x, higher for young fast-growing sectors) for the share.
    const multiple = 3 + random.next() * 5 + (t.sector.id === 5 ? 4 : 0);
    const required = Math.max(10_000, Math.round((ebitda * multiple * offered) / 100 / 1000) * 1000);
    const employees = Math.max(1, Math.round((sales / 250_000) * random.logNormal(1, 0.5)));
    const branches = 1 + random.skewed(8, 3);
    const foundedYear = new Date(plan.now).getUTCFullYear() - years;
    const ageBand = COMPANY_AGES.find((a) => years < a.maxYears) ?? COMPANY_AGES.at(-1);
    const sizeBand = COMPANY_SIZES.find((s) => employees <= s.maxEmployees) ?? COMPANY_SIZES.at(-1);
    const nameAr = `${t.noun[0]} ${t.brand[0]} ${t.adjective[0]} في ${t.city.nameAr}`;
    const name = `${t.brand[1]} ${t.adjective[1]} ${t.noun[1]} in ${t.city.nameEn}`;
    const descriptionAr =
      `${t.noun[0]} ${t.adjective[0]} يعمل منذ ${years} سنة في ${t.city.nameAr}، بمبيعات سنوية ` +
      `تبلغ ${riyals(sales)} ريال وأرباح تشغيلية ${riyals(ebitda)} ريال. يتميز بـ${t.featureA[0]} ` +
      `و${t.featureB[0]}، ويعمل فيه ${employees} موظفًا في ${branches} فرع. ` +
      `${type === 'buy' ? 'معروض للبيع بالكامل' : `نعرض حصة ${offered}٪`} ${t.reason[0]}.`;
    const description =
      `A ${t.adjective[1]} ${t.noun[1]} operating in ${t.city.nameEn} for ${years} years, with yearly ` +
      `sales of SAR ${riyals(sales)} and operating profit of SAR ${riyals(ebitda)}. It offers ` +
      `${t.featureA[1]} and ${t.featureB[1]}, with ${employees} employees across ${branches} ` +
      `branch${branches > 1 ? 'es' : ''}. ${type === 'buy' ? 'Offered for sale outright' : `A ${offered}% stake is offered`} ` +
      `${t.reason[1]}.`;
    const owner = ownerOf(plan, id);
    const images = pool.length
      ? (pool.find((p) => p.businessTypeId === t.sector.id) ?? pool[id % pool.length])
      : null;
    const visible =
      state === 'approved' || state === 'under_offer' || state === 'closed' || state === 'suspended';
    const approvedAt = visible ? approvedAtOf(plan, id) : null;
    yield [
      id,
      name,
      nameAr,
      type,
      description,
      descriptionAr,
      state === 'under_offer' || state === 'closed' ? 'approved' : state,
      state === 'rejected'
        ? 'الوصف لا يوضح النشاط بما يكفي / The description does not explain the business'
        : null,
      state === 'under_offer' || state === 'closed' ? state : null,
      random.chance(0.15),
      t.city.regionId,
      t.city.id,
      t.sector.id,
      ageBand?.id ?? null,
      sizeBand?.id ?? null,
      offered,
      required,
      random.chance(0.5),
      random.chance(0.15),
      ebitda,
      sales,
      cost,
      Math.round(margin * 10000) / 100,
      employees,
      `${foundedYear}-0${1 + (id % 9)}-1${id % 10}`,
      employees,
      branches,
      usernameOf(owner),
      `9665${String(10_000_000 + ((id * 7919) % 89_999_999))}`,
      emailOf(owner),
      images ? JSON.stringify(images.images) : '[]',
      images?.logo ?? null,
      searchTextOf(name, nameAr, description, descriptionAr),
      owner,
      approvedAt ? iso(approvedAt) : null,
      iso(created),
      iso(approvedAt ?? created),
      counters.views[id] ?? 0,
      counters.favorites[id] ?? 0,
      counters.offers[id] ?? 0,
    ];
  }
}

export const HISTORY_COLUMNS = [
  'opportunity_id',
  'from_status',
  'to_status',
  'reason',
  'changed_by',
  'created_at',
] as const;

/** The moderation trail of every reviewed listing: pending -> its status, by the admin. */
export function* statusHistoryRows(plan: Plan): Generator<Cell[]> {
  for (let id = 1; id <= plan.listings; id++) {
    const state = listingState(plan, id);
    if (state === 'pending') continue;
    const approvedAt = approvedAtOf(plan, id);
    if (state === 'rejected') {
      yield [id, 'pending', 'rejected', 'الوصف لا يوضح النشاط بما يكفي', plan.adminId, iso(approvedAt)];
      continue;
    }
    yield [id, 'pending', 'approved', null, plan.adminId, iso(approvedAt)];
    if (state === 'suspended')
      yield [id, 'approved', 'suspended', 'بلاغ مؤكد', plan.adminId, iso(approvedAt + 30 * DAY)];
  }
}
