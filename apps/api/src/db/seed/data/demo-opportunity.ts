import type { DemoOwnerKey } from './demo-accounts';

/**
 * One demo listing as written by hand. The seed derives the rest: region from the city, EBITDA as
 * yearly sales minus yearly operational cost, company age from the foundation date, company size from
 * the employee count, dates and view counts from a pseudo-random generator seeded with the slug.
 */
export interface DemoOpportunity {
  /** Stable key: names the generated image files. */
  slug: string;
  owner: DemoOwnerKey;
  status: 'approved' | 'pending' | 'rejected';
  rejectionReason?: string;
  type: 'invest' | 'buy';
  businessTypeId: number;
  /** English name of a city of data/cities.ts. */
  city: string;
  name: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  /** One of the share percentages of data/company-lookups.ts. */
  offeredPercentage: number;
  requiredAmount: number;
  negotiable: boolean;
  waitForHighestOffer: boolean;
  yearlySales: number;
  yearlyOperationalCost: number;
  expectedYearProfitPercentage: number;
  employees: number;
  branches: number;
  /** YYYY-MM-DD */
  founded: string;
  contactName: string;
  /** 9665XXXXXXXX */
  contactPhone: string;
  extraDetails?: string;
  isVerified: boolean;
  imageCount: 2 | 3;
}
