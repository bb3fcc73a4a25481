import { describe, expect, it } from 'vitest';
import { CATEGORY_TILES, LIMITS } from '@safqa/shared/constants';
import { SAUDI_PHONE } from '@safqa/shared/phone';
import { galleryArtwork, logoArtwork } from './artwork';
import { generateStrongPassword, meetsPasswordRules } from './admin';
import { credentialsBanner } from './credentials-banner';
import { BUSINESS_TYPES, BUSINESS_TYPE_IDS } from './data/business-types';
import { CITIES } from './data/cities';
import { COMPANY_AGES, COMPANY_SIZES, SHARE_PERCENTAGES } from './data/company-lookups';
import { DEMO_ADVISORS, DEMO_OWNERS, DEMO_PASSWORD } from './data/demo-accounts';
import { FAQS } from './data/faqs';
import { REGIONS } from './data/regions';
import { DEMO_OPPORTUNITIES, cityOf, companyAgeIdOf, companySizeIdOf } from './demo-opportunities';
import { themeOf } from './illustrations';
import { createRandom } from './random';

const ARABIC = /[\u0600-\u06FF]/;
const LATIN = /[A-Za-z]/;
const unique = <T>(values: T[]) => new Set(values).size === values.length;

describe('seed data: lookups', () => {
  it('gives the home category tiles the business types their ids promise', () => {
    const names = new Map(BUSINESS_TYPES.map((t) => [t.id, t.nameEn]));
    expect(names.get(4)).toBe('E-commerce');
    expect(names.get(5)).toBe('Startups');
    expect(names.get(6)).toBe('Retail');
    expect(names.get(7)).toBe('Technology');
    expect(names.get(8)).toBe('Food & Beverage');
    for (const tile of CATEGORY_TILES) expect(names.has(tile.businessTypeId)).toBe(true);
  });

  it('has at least 15 business types with unique ids and names in both languages', () => {
    expect(BUSINESS_TYPES.length).toBeGreaterThanOrEqual(15);
    expect(unique(BUSINESS_TYPES.map((t) => t.id))).toBe(true);
    expect(new Set(BUSINESS_TYPES.map((t) => t.id))).toEqual(new Set(Object.values(BUSINESS_TYPE_IDS)));
  });

  it('has the 13 regions and at least 60 cities, each in an existing region', () => {
    expect(REGIONS).toHaveLength(13);
    expect(CITIES.length).toBeGreaterThanOrEqual(60);
    expect(unique(REGIONS.map((r) => r.id))).toBe(true);
    expect(unique(CITIES.map((c) => c.id))).toBe(true);
    expect(unique(CITIES.map((c) => c.nameEn))).toBe(true);
    const regionIds = new Set(REGIONS.map((r) => r.id));
    for (const city of CITIES) expect(regionIds.has(city.regionId), city.nameEn).toBe(true);
    for (const region of REGIONS)
      expect(CITIES.filter((c) => c.regionId === region.id).length, region.nameEn).toBeGreaterThanOrEqual(4);
  });

  it('puts well-known cities in their regions', () => {
    const regionOf = (city: string) =>
      REGIONS.find((r) => r.id === CITIES.find((c) => c.nameEn === city)?.regionId)?.nameEn;
    expect(regionOf('Jeddah')).toBe('Makkah Region');
    expect(regionOf('Al Khobar')).toBe('Eastern Province');
    expect(regionOf('Al-Ahsa')).toBe('Eastern Province');
    expect(regionOf('Khamis Mushait')).toBe('Asir Region');
    expect(regionOf('Unaizah')).toBe('Al-Qassim Region');
    expect(regionOf('AlUla')).toBe('Madinah Region');
    expect(regionOf('Arar')).toBe('Northern Borders Region');
    expect(regionOf('Sakaka')).toBe('Al-Jouf Region');
    expect(regionOf('Diriyah')).toBe('Riyadh Region');
  });

  it('writes Arabic names in Arabic and English names in Latin letters', () => {
    const rows = [...BUSINESS_TYPES, ...REGIONS, ...CITIES, ...COMPANY_AGES, ...COMPANY_SIZES];
    for (const row of rows) {
      expect(row.nameAr, row.nameEn).toMatch(ARABIC);
      expect(row.nameAr, row.nameEn).not.toMatch(LATIN);
      expect(row.nameEn, row.nameAr).not.toMatch(ARABIC);
    }
  });

  it('has share percentages with their values, and age and size bands in order', () => {
    expect(SHARE_PERCENTAGES.map((s) => s.value)).toEqual([
      5, 10, 15, 20, 25, 30, 40, 49, 50, 51, 60, 75, 100,
    ]);
    expect(COMPANY_AGES.map((a) => a.maxYears)).toEqual(
      [...COMPANY_AGES.map((a) => a.maxYears)].sort((a, b) => a - b),
    );
    expect(companySizeIdOf(5)).toBe(1);
    expect(companySizeIdOf(6)).toBe(2);
    expect(companySizeIdOf(250)).toBe(4);
    const now = new Date('2025-06-01T00:00:00Z');
    expect(companyAgeIdOf('2025-01-01', now)).toBe(1);
    expect(companyAgeIdOf('2023-01-01', now)).toBe(2);
    expect(companyAgeIdOf('2010-01-01', now)).toBe(5);
  });

  it('has at least 8 FAQ entries with all four texts', () => {
    expect(FAQS.length).toBeGreaterThanOrEqual(8);
    for (const faq of FAQS) {
      expect(faq.questionAr).toMatch(ARABIC);
      expect(faq.answerAr).toMatch(ARABIC);
      expect(faq.questionEn).not.toMatch(ARABIC);
      expect(faq.answerEn.length).toBeGreaterThan(40);
    }
  });
});

describe('seed data: demo listings', () => {
  const approved = DEMO_OPPORTUNITIES.filter((o) => o.status === 'approved');

  it('has at least 30 approved listings over all 13 regions and every category tile', () => {
    expect(approved.length).toBeGreaterThanOrEqual(30);
    expect(new Set(approved.map((o) => cityOf(o).regionId)).size).toBe(13);
    for (const tile of CATEGORY_TILES)
      expect(
        approved.filter((o) => o.businessTypeId === tile.businessTypeId).length,
        tile.key,
      ).toBeGreaterThanOrEqual(3);
    expect(new Set(approved.map((o) => o.businessTypeId)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(approved.map((o) => o.type))).toEqual(new Set(['invest', 'buy']));
  });

  it('has listings to moderate: pending ones and a rejected one with its reason', () => {
    expect(DEMO_OPPORTUNITIES.filter((o) => o.status === 'pending').length).toBeGreaterThanOrEqual(2);
    const rejected = DEMO_OPPORTUNITIES.filter((o) => o.status === 'rejected');
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    for (const o of rejected)
      expect(o.rejectionReason?.length ?? 0).toBeGreaterThanOrEqual(LIMITS.rejectionReasonMin);
  });

  it('keeps every listing valid and its figures coherent', () => {
    expect(unique(DEMO_OPPORTUNITIES.map((o) => o.slug))).toBe(true);
    const shareValues = new Set(SHARE_PERCENTAGES.map((s) => s.value));
    const owners = new Set(DEMO_OWNERS.map((o) => o.key));
    for (const o of DEMO_OPPORTUNITIES) {
      expect(o.slug).toMatch(/^[a-z0-9-]+$/);
      expect(owners.has(o.owner)).toBe(true);
      expect(o.name.length).toBeGreaterThanOrEqual(LIMITS.nameMin);
      expect(o.nameAr).toMatch(ARABIC);
      expect(o.description.split('. ').length, o.slug).toBeGreaterThanOrEqual(2);
      expect(o.descriptionAr.split('.').length, o.slug).toBeGreaterThanOrEqual(3);
      expect(shareValues.has(o.offeredPercentage), o.slug).toBe(true);
      if (o.type === 'buy') expect(o.offeredPercentage, o.slug).toBeGreaterThan(50);
      expect(o.contactPhone).toMatch(SAUDI_PHONE);
      expect(o.yearlyOperationalCost, o.slug).toBeLessThan(o.yearlySales);
      expect(Date.parse(o.founded), o.slug).toBeLessThan(Date.now());
      expect(o.branches).toBeGreaterThanOrEqual(1);
      const ebitda = o.yearlySales - o.yearlyOperationalCost;
      const valuation = o.requiredAmount / (o.offeredPercentage / 100);
      // Established businesses are priced at a plausible multiple of EBITDA; software and startups on growth.
      if (o.businessTypeId !== BUSINESS_TYPE_IDS.startups && o.businessTypeId !== BUSINESS_TYPE_IDS.tech) {
        expect(valuation / ebitda, o.slug).toBeGreaterThan(2);
        expect(valuation / ebitda, o.slug).toBeLessThan(15);
      }
    }
  });

  it('has advisors with bios, experience and business types', () => {
    const advisors = [...DEMO_OWNERS, ...DEMO_ADVISORS].filter((a) => a.advisor);
    expect(advisors.length).toBeGreaterThanOrEqual(5);
    const typeIds = new Set(BUSINESS_TYPES.map((t) => t.id));
    for (const { advisor } of advisors) {
      expect(advisor!.bio.length).toBeGreaterThanOrEqual(LIMITS.bioMin);
      expect(advisor!.experienceYears).toBeGreaterThan(0);
      for (const id of advisor!.businessTypeIds) expect(typeIds.has(id)).toBe(true);
    }
  });
});

describe('seed helpers', () => {
  it('generates different strong passwords that meet the password rules', () => {
    const passwords = Array.from({ length: 50 }, generateStrongPassword);
    for (const password of passwords) {
      expect(password).toHaveLength(20);
      expect(meetsPasswordRules(password), password).toBe(true);
    }
    expect(unique(passwords)).toBe(true);
    expect(meetsPasswordRules(DEMO_PASSWORD)).toBe(true);
  });

  it('prints the admin and demo credentials in one framed block', () => {
    const text = credentialsBanner({
      admin: { email: 'admin@safqa.local', password: 'Xy7!generated' },
      demoAccounts: [DEMO_OWNERS[0]!, DEMO_ADVISORS[0]!],
    });
    expect(text).toContain('admin@safqa.local');
    expect(text).toContain('Xy7!generated');
    expect(text).toContain(DEMO_PASSWORD);
    expect(text).toContain(DEMO_OWNERS[0]!.email);
    expect(text).toContain(DEMO_ADVISORS[0]!.email);
    expect(text.match(/={72}/g)).toHaveLength(3);
  });

  it('draws the same artwork from the same seed and different artwork from another', () => {
    const theme = themeOf(BUSINESS_TYPE_IDS.food);
    expect(galleryArtwork(theme, createRandom('a#1'), 1)).toBe(galleryArtwork(theme, createRandom('a#1'), 1));
    expect(galleryArtwork(theme, createRandom('a#1'), 1)).not.toBe(
      galleryArtwork(theme, createRandom('b#1'), 1),
    );
    expect(logoArtwork(theme, createRandom('a'))).toBe(logoArtwork(theme, createRandom('a')));
    expect(galleryArtwork(theme, createRandom('a#2'), 2)).not.toContain('<text');
  });
});
