import type { Db } from '../client';
import {
  favorites,
  opportunities,
  opportunityDailyViews,
  opportunityStatusHistory,
} from '../schema/opportunities';
import { searchTextOf } from '@safqa/shared/arabic-normalise';
import { CITIES } from './data/cities';
import { COMPANY_AGES, COMPANY_SIZES } from './data/company-lookups';
import type { DemoOpportunity } from './data/demo-opportunity';
import type { DemoImageSet } from './demo-images';
import { CENTRAL_OPPORTUNITIES } from './data/opportunities-central';
import { EAST_SOUTH_OPPORTUNITIES } from './data/opportunities-east-south';
import { MODERATION_OPPORTUNITIES } from './data/opportunities-moderation';
import { WEST_OPPORTUNITIES } from './data/opportunities-west';
import { demoViewsOf, insertDemoViews, type DemoView } from './demo-viewers';
import { createRandom, type Random } from './random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type OpportunityRow = typeof opportunities.$inferInsert;

export const DEMO_OPPORTUNITIES: DemoOpportunity[] = [
  ...CENTRAL_OPPORTUNITIES,
  ...WEST_OPPORTUNITIES,
  ...EAST_SOUTH_OPPORTUNITIES,
  ...MODERATION_OPPORTUNITIES,
];

export function cityOf(item: Pick<DemoOpportunity, 'city' | 'slug'>) {
  const city = CITIES.find((c) => c.nameEn === item.city);
  if (!city) throw new Error(`demo opportunity ${item.slug}: unknown city ${item.city}`);
  return city;
}

export function companyAgeIdOf(founded: string, now: Date): number {
  const years = (now.getTime() - new Date(`${founded}T00:00:00Z`).getTime()) / (365.25 * DAY);
  return COMPANY_AGES.find((age) => years < age.maxYears)!.id;
}

export function companySizeIdOf(employees: number): number {
  return COMPANY_SIZES.find((size) => employees <= size.maxEmployees)!.id;
}

interface Timeline {
  createdAt: Date;
  decidedAt: Date | null;
}

function timelineOf(item: DemoOpportunity, random: Random, now: Date): Timeline {
  const ago = (days: number) => new Date(now.getTime() - days * DAY - random.int(0, 20) * HOUR);
  if (item.status === 'pending') return { createdAt: ago(random.int(0, 3)), decidedAt: null };
  const createdAt = ago(item.status === 'rejected' ? random.int(8, 20) : random.int(3, 170));
  const decidedAt = new Date(Math.min(createdAt.getTime() + random.int(5, 60) * HOUR, now.getTime() - HOUR));
  return { createdAt, decidedAt };
}

/** The row of one demo listing, with everything the hand-written data leaves to be derived. */
export function buildOpportunityRow(
  item: DemoOpportunity,
  ownerId: number,
  contactEmail: string,
  images: DemoImageSet,
  now: Date,
): { row: OpportunityRow; timeline: Timeline; random: Random } {
  const random = createRandom(item.slug);
  const timeline = timelineOf(item, random, now);
  const city = cityOf(item);
  const row: OpportunityRow = {
    name: item.name,
    nameAr: item.nameAr,
    type: item.type,
    description: item.description,
    descriptionAr: item.descriptionAr,
    status: item.status,
    rejectionReason: item.rejectionReason ?? null,
    isVerified: item.isVerified,
    regionId: city.regionId,
    cityId: city.id,
    businessTypeId: item.businessTypeId,
    companyAgeId: companyAgeIdOf(item.founded, now),
    companySizeId: companySizeIdOf(item.employees),
    offeredPercentage: item.offeredPercentage,
    requiredAmount: item.requiredAmount,
    negotiable: item.negotiable,
    waitForHighestOffer: item.waitForHighestOffer,
    ebitda: item.yearlySales - item.yearlyOperationalCost,
    yearlySales: item.yearlySales,
    yearlyOperationalCost: item.yearlyOperationalCost,
    expectedYearProfitPercentage: item.expectedYearProfitPercentage,
    facilitySize: item.employees,
    facilityFoundationDay: item.founded,
    employeesCount: item.employees,
    branchesCount: item.branches,
    contactMemberName: item.contactName,
    contactPhone: item.contactPhone,
    contactEmail,
    extraDetails: item.extraDetails ?? null,
    images: images.images,
    logo: images.logo,
    searchText: searchTextOf(item.name, item.nameAr, item.description, item.descriptionAr),
    submittedBy: ownerId,
    approvedAt: item.status === 'approved' ? timeline.decidedAt : null,
    createdAt: timeline.createdAt,
    updatedAt: timeline.decidedAt ?? timeline.createdAt,
  };
  return { row, timeline, random };
}

export interface DemoListingOwner {
  id: number;
  email: string;
}

export interface InsertDemoOpportunitiesOptions {
  items: DemoOpportunity[];
  owners: Map<string, DemoListingOwner>;
  images: Map<string, DemoImageSet>;
  /** Demo users who may bookmark listings (never their own). */
  fans: number[];
  adminId: number | null;
  now: Date;
}

/**
 * Inserts demo listings with their status history; approved ones also get viewers over the last
 * days and bookmarks by other demo users. As with the real counter, each viewer row is one view:
 * the daily rows (the top list) add up to them and views_count is their number; favorites_count is
 * the number of bookmarks. Returns the number of listings inserted.
 */
export async function insertDemoOpportunities(
  db: Db,
  options: InsertDemoOpportunitiesOptions,
): Promise<number> {
  const { items, owners, images, fans, adminId, now } = options;
  let insertedCount = 0;
  const viewerRows: Array<DemoView & { opportunityId: number }> = [];
  for (const item of items) {
    const owner = owners.get(item.owner);
    const imageSet = images.get(item.slug);
    if (!owner || !imageSet) continue;
    const { row, timeline, random } = buildOpportunityRow(item, owner.id, owner.email, imageSet, now);
    const activity =
      item.status === 'approved' && timeline.decidedAt
        ? activityOf(
            random,
            createRandom(`${item.slug}:viewers`),
            item.isVerified,
            timeline.decidedAt,
            fans.filter((fan) => fan !== owner.id),
            now,
          )
        : { views: [], fans: [] };
    const daily = new Map<string, number>();
    for (const view of activity.views) daily.set(view.day, (daily.get(view.day) ?? 0) + 1);
    const [created] = await db
      .insert(opportunities)
      .values({
        ...row,
        viewsCount: activity.views.length,
        favoritesCount: activity.fans.length,
      })
      .returning({ id: opportunities.id });
    const opportunityId = created!.id;
    insertedCount++;

    await db.insert(opportunityStatusHistory).values([
      { opportunityId, toStatus: 'pending', changedBy: owner.id, createdAt: timeline.createdAt },
      ...(timeline.decidedAt
        ? [
            {
              opportunityId,
              fromStatus: 'pending',
              toStatus: item.status,
              reason: item.rejectionReason ?? null,
              changedBy: adminId,
              createdAt: timeline.decidedAt,
            },
          ]
        : []),
    ]);
    if (daily.size > 0)
      await db
        .insert(opportunityDailyViews)
        .values([...daily].map(([day, views]) => ({ opportunityId, day, views })));
    if (activity.fans.length > 0)
      await db.insert(favorites).values(activity.fans.map((f) => ({ opportunityId, ...f })));
    for (const view of activity.views) viewerRows.push({ opportunityId, ...view });
  }
  await insertDemoViews(db, viewerRows);
  return insertedCount;
}

interface Activity {
  views: DemoView[];
  fans: Array<{ userId: number; createdAt: Date }>;
}

/** Bookmarks since approval and viewers of the last days, scaled by a per-listing popularity. */
function activityOf(
  random: Random,
  viewsRandom: Random,
  verified: boolean,
  approvedAt: Date,
  fans: number[],
  now: Date,
): Activity {
  const popularity = random.int(4, 60) * (verified ? 1.6 : 1);
  const bookmarkChance = Math.min(0.85, popularity / 70);
  const sinceApproval = Math.max(1, now.getTime() - approvedAt.getTime());
  const chosen = fans.filter(() => random.next() < bookmarkChance);
  const bookmarks = chosen.map((userId) => ({
    userId,
    createdAt: new Date(approvedAt.getTime() + Math.floor(random.next() * sinceApproval)),
  }));
  // One unique viewer a day at the quietest, a few dozen at the busiest.
  const views = demoViewsOf(viewsRandom, {
    perDay: popularity / 4,
    approvedAt,
    now,
    members: fans,
    bookmarks,
  });
  return { views, fans: bookmarks };
}
