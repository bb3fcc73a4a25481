import type { FastifyInstance } from 'fastify';
import type { OpportunityFormValues } from '@safqa/shared/validation/opportunities';

/**
 * Data for opportunity tests: the lookups the home tiles rely on (business types 4 to 8) and a valid
 * OpportunityInput (test/factories.ts posts it to make listings).
 */
export const BUSINESS_TYPE = { services: 1, ecommerce: 4, startups: 5, retail: 6, tech: 7, food: 8 } as const;
export const REGION = { riyadh: 1, makkah: 2, eastern: 3 } as const;
export const CITY = { riyadh: 1, jeddah: 2, makkah: 3, dammam: 4 } as const;

/** The lookups listings name; safe to call again (rows already there are kept). */
export async function seedLookups(app: FastifyInstance) {
  await app.database.exec(`
    INSERT INTO business_types (id, name_ar, name_en, sort_order) VALUES
      (1, 'خدمات', 'Services', 1), (4, 'تجارة إلكترونية', 'E-commerce', 4), (5, 'شركات ناشئة', 'Startups', 5),
      (6, 'تجزئة', 'Retail', 6), (7, 'تقنية', 'Technology', 7), (8, 'أغذية ومطاعم', 'Food', 8)
      ON CONFLICT DO NOTHING;
    INSERT INTO regions (id, name_ar, name_en) VALUES
      (1, 'منطقة الرياض', 'Riyadh Region'), (2, 'منطقة مكة المكرمة', 'Makkah Region'), (3, 'المنطقة الشرقية', 'Eastern Province')
      ON CONFLICT DO NOTHING;
    INSERT INTO cities (id, name_ar, name_en, region_id) VALUES
      (1, 'الرياض', 'Riyadh', 1), (2, 'جدة', 'Jeddah', 2), (3, 'مكة المكرمة', 'Makkah', 2), (4, 'الدمام', 'Dammam', 3)
      ON CONFLICT DO NOTHING;
    INSERT INTO company_ages (id, name_ar, name_en) VALUES (1, 'أقل من سنة', 'Under a year'), (2, 'من سنة إلى ثلاث', '1 to 3 years') ON CONFLICT DO NOTHING;
    INSERT INTO company_sizes (id, name_ar, name_en) VALUES (1, 'صغيرة', 'Small'), (2, 'متوسطة', 'Medium') ON CONFLICT DO NOTHING;
    SELECT setval('business_types_id_seq', GREATEST(100, (SELECT max(id) FROM business_types))),
           setval('regions_id_seq', GREATEST(100, (SELECT max(id) FROM regions))),
           setval('cities_id_seq', GREATEST(100, (SELECT max(id) FROM cities))),
           setval('company_ages_id_seq', GREATEST(100, (SELECT max(id) FROM company_ages))),
           setval('company_sizes_id_seq', GREATEST(100, (SELECT max(id) FROM company_sizes)));
  `);
}

export function validInput(overrides: Partial<OpportunityFormValues> = {}): OpportunityFormValues {
  return {
    name: 'Specialty coffee roastery',
    nameAr: 'محمصة قهوة مختصة',
    type: 'invest',
    description: 'A profitable roastery with two branches and a loyal customer base.',
    descriptionAr: 'محمصة رابحة لها فرعان وقاعدة عملاء وفية في مدينة الرياض.',
    businessTypeId: BUSINESS_TYPE.food,
    regionId: REGION.riyadh,
    cityId: CITY.riyadh,
    companyAgeId: 2,
    companySizeId: 1,
    offeredPercentage: 25,
    requiredAmount: 500_000,
    negotiable: true,
    waitForHighestOffer: false,
    ebitda: 180_000,
    yearlySales: 1_200_000,
    yearlyOperationalCost: 700_000,
    expectedYearProfitPercentage: 18.5,
    facilitySize: 12,
    facilityFoundationDay: '2019-03-01',
    employeesCount: 12,
    branchesCount: 2,
    contactMemberName: 'Sara',
    contactPhone: '0551234567',
    contactEmail: 'Owner@Example.com',
    extraDetails: 'Lease renewed until 2030.',
    images: [],
    documents: [],
    logo: null,
    ...overrides,
  };
}
