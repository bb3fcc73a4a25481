import { z } from 'zod';
import { LIMITS, OPPORTUNITY_STATUSES, OPPORTUNITY_TYPES, SEARCH_SORTS } from '../constants';
import { email, id, lookup, saudiPhone, wholeRiyalsFilter } from './common';

/**
 * Opportunity rules (SPEC.md section 5) as one schema per wizard step, composed into OpportunityInput.
 * The web wizard validates a step with its schema; the server validates the whole input with the
 * composition (`.strict()`: status, isVerified, submittedBy, counts and dates are refused, never stored).
 * Custom messages are keys of validation/messages.ts.
 */

/** Optional free text: empty or blank becomes null so forms can send what the input holds. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalCount = z.number().int({ error: 'not_integer' }).min(0).max(10_000_000).nullish();
const optionalId = id.nullish();
const money = (min: number) => z.number().int({ error: 'not_integer' }).min(min).max(1_000_000_000_000);
const percentage = (min: number, max: number) =>
  z.number().min(min).max(max).multipleOf(0.01, { error: 'decimals_2' });

/** Calendar date YYYY-MM-DD, a real day, neither before 1800 nor in the future. */
export const foundationDay = z.iso
  .date({ error: 'date_invalid' })
  .refine((v) => v >= '1800-01-01', { error: 'date_invalid' })
  .refine((v) => v <= new Date().toISOString().slice(0, 10), { error: 'date_future' });

/** An image as handed back by POST /api/uploads/images (its `url`, e.g. /uploads/images/2026/ab12.webp). */
export const uploadedImageUrl = z.string().trim().min(1).max(500);

/**
 * A document as handed back by POST /api/uploads/docs: its (signed) `url` and the name to show, and
 * whether only investors the owner approves may see it (API.md "Data room").
 */
export const documentRef = z
  .object({
    url: z.string().trim().min(1).max(2000),
    name: z.string().trim().min(1).max(200),
    confidential: z.boolean().default(false),
  })
  .strict();

// Step 1: basic info
export const basicInfoStep = z
  .object({
    name: z.string().trim().min(LIMITS.nameMin, { error: 'name_min' }).max(150),
    nameAr: z.string().trim().min(LIMITS.nameMin, { error: 'name_min' }).max(150),
    type: z.enum(OPPORTUNITY_TYPES).default('invest'),
    description: z.string().trim().min(LIMITS.descriptionMin, { error: 'description_min' }).max(5000),
    descriptionAr: z.string().trim().min(LIMITS.descriptionMin, { error: 'description_min' }).max(5000),
    businessTypeId: id,
    logo: uploadedImageUrl.nullish().transform((v) => v ?? null),
  })
  .strict();

// Step 2: location (the server also checks that the city belongs to the region)
export const locationStep = z.object({ regionId: id, cityId: id }).strict();

// Step 3: operation details
export const operationDetailsStep = z
  .object({
    /** Number of workers (SPEC.md calls it facility size). */
    facilitySize: z.number().int({ error: 'not_integer' }).min(0).max(10_000_000),
    facilityFoundationDay: foundationDay,
    employeesCount: optionalCount,
    branchesCount: optionalCount,
    companyAgeId: optionalId,
    companySizeId: optionalId,
  })
  .strict();

// Step 4: financial info
export const financialInfoStep = z
  .object({
    offeredPercentage: percentage(0.01, 100),
    requiredAmount: money(1),
    negotiable: z.boolean().default(false),
    waitForHighestOffer: z.boolean().default(false),
    /** Offers and access requests only from verified buyers. */
    verifiedBuyersOnly: z.boolean().default(false),
    ebitda: money(-1_000_000_000_000),
    yearlySales: money(0),
    yearlyOperationalCost: money(0),
    expectedYearProfitPercentage: percentage(-100, 1000),
  })
  .strict();

// Step 5: documents (images and documents uploaded first, then referenced here)
export const documentsStep = z
  .object({
    images: z.array(uploadedImageUrl).max(LIMITS.maxImages).default([]),
    documents: z.array(documentRef).max(LIMITS.maxDocuments).default([]),
  })
  .strict();

// Step 6: contact info
export const contactInfoStep = z
  .object({
    contactMemberName: optionalText(100),
    contactPhone: saudiPhone,
    contactEmail: z
      .union([z.literal(''), email])
      .nullish()
      .transform((v) => (v ? v : null)),
    extraDetails: optionalText(5000),
  })
  .strict();

/** The wizard's steps in order, with the schema each one validates before "next". */
export const OPPORTUNITY_STEPS = [
  { key: 'basicInfo', schema: basicInfoStep },
  { key: 'location', schema: locationStep },
  { key: 'operationDetails', schema: operationDetailsStep },
  { key: 'financialInfo', schema: financialInfoStep },
  { key: 'documents', schema: documentsStep },
  { key: 'contactInfo', schema: contactInfoStep },
] as const;

/** Body of POST /api/opportunities and PUT /api/opportunities/{id}: every step together. */
export const opportunityInput = z
  .object({
    ...basicInfoStep.shape,
    ...locationStep.shape,
    ...operationDetailsStep.shape,
    ...financialInfoStep.shape,
    ...documentsStep.shape,
    ...contactInfoStep.shape,
  })
  .strict();
export type OpportunityInput = z.infer<typeof opportunityInput>;
export type OpportunityFormValues = z.input<typeof opportunityInput>;

// Queries

/** Empty query values (`?cityId=`) mean "not given", as forms and links produce them. */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const queryId = z.preprocess(blankToUndefined, id.optional());
const queryAmount = z.preprocess(blankToUndefined, wholeRiyalsFilter.optional());

/** page from 1; pageSize defaults to 12 and is capped (not refused) at 50. */
export const cappedPageQuery = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .default(LIMITS.pageSizeDefault)
      .transform((v) => Math.min(v, LIMITS.pageSizeMax)),
  ),
});

export const searchQuery = cappedPageQuery
  .extend({
    q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    businessTypeId: queryId,
    regionId: queryId,
    cityId: queryId,
    type: z.preprocess(blankToUndefined, z.enum(OPPORTUNITY_TYPES).optional()),
    minAmount: queryAmount,
    maxAmount: queryAmount,
    sort: z.preprocess(blankToUndefined, z.enum(SEARCH_SORTS).default('newest')),
  })
  .strict()
  .refine((v) => v.minAmount === undefined || v.maxAmount === undefined || v.minAmount <= v.maxAmount, {
    path: ['maxAmount'],
    error: 'amount_range',
  });
export type SearchQuery = z.infer<typeof searchQuery>;

export const MY_OPPORTUNITY_SORTS = ['newest', 'oldest', 'offers'] as const;
export const myOpportunitiesQuery = cappedPageQuery
  .extend({
    status: z.preprocess(blankToUndefined, z.enum(OPPORTUNITY_STATUSES).optional()),
    sort: z.preprocess(blankToUndefined, z.enum(MY_OPPORTUNITY_SORTS).default('newest')),
  })
  .strict();
export type MyOpportunitiesQuery = z.infer<typeof myOpportunitiesQuery>;

export const favoritesQuery = cappedPageQuery.strict();

export const opportunityIdParams = z.object({ id }).strict();
export const favoriteParams = z.object({ opportunityId: id }).strict();

// Responses (plain shapes: serialised by the server, inferred as types by the web app)

export const opportunityCard = z.object({
  id: z.number().int(),
  opportunityName: z.string(),
  opportunityNameAr: z.string(),
  type: z.enum(OPPORTUNITY_TYPES),
  offeredPercentage: z.number(),
  requiredAmount: z.number(),
  logo: z.string().nullable(),
  /** Thumbnail of the first image, or null. */
  coverImage: z.string().nullable(),
  businessType: lookup,
  region: lookup,
  city: lookup,
  isVerified: z.boolean(),
  createdAt: z.string(),
  /**
   * Where a deal on it stands (API.md "Deals"): "under_offer" while a deal is past its letter of
   * intent, "sold" (a business for sale) or "funded" (an investment) once closed, else null.
   */
  dealState: z.enum(['under_offer', 'sold', 'funded']).nullable(),
});
export type OpportunityCard = z.infer<typeof opportunityCard>;

/**
 * A bookmark (GET /api/favorites): the card, and whether the listing is back under review after an
 * edit (its bookmarkers still see it, marked so; API.md "Opportunities").
 */
export const favoriteCard = opportunityCard.extend({ underReview: z.boolean() });
export type FavoriteCard = z.infer<typeof favoriteCard>;

export const myOpportunityCard = opportunityCard.extend({
  status: z.enum(OPPORTUNITY_STATUSES),
  rejectionReason: z.string().nullable(),
  offersCount: z.number().int(),
  viewsCount: z.number().int(),
});
export type MyOpportunityCard = z.infer<typeof myOpportunityCard>;

export const galleryImage = z.object({
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Smaller renditions of the same picture with their widths, narrowest first, for `srcset`. */
  variants: z.array(z.object({ url: z.string(), width: z.number().int() })),
});

export const opportunityDocument = z.object({
  name: z.string(),
  /** Signed download link, valid for a limited time (`expiresAt`). */
  url: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  expiresAt: z.string(),
  /** Shown only to those who may see it: the owner, admins and approved requesters. */
  confidential: z.boolean(),
  /** The owner only: the document's id, for DELETE /api/opportunities/{id}/confidential-documents/{documentId}. */
  id: z.number().int().optional(),
});

/** The caller's access to a listing's confidential documents (API.md "Data room"). */
export const DOCUMENT_ACCESS = ['owner', 'none', 'pending', 'approved', 'declined', 'revoked'] as const;
export type DocumentAccess = (typeof DOCUMENT_ACCESS)[number];

export const opportunityDetail = opportunityCard.extend({
  name: z.string(),
  nameAr: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  /** Full-size image URLs, in the order given (the same values OpportunityInput takes). */
  images: z.array(z.string()),
  /** The same images with thumbnails and pixel sizes, for the gallery. */
  gallery: z.array(galleryImage),
  negotiable: z.boolean(),
  waitForHighestOffer: z.boolean(),
  verifiedBuyersOnly: z.boolean(),
  facilitySize: z.number().int(),
  facilityFoundationDay: z.string(),
  employeesCount: z.number().int().nullable(),
  branchesCount: z.number().int().nullable(),
  companyAge: lookup.nullable(),
  companySize: lookup.nullable(),
  status: z.enum(OPPORTUNITY_STATUSES),
  isFavorite: z.boolean(),
  isOwner: z.boolean(),
  favoritesCount: z.number().int(),
  updatedAt: z.string(),
  // Signed-in callers only; absent (with financialsLocked: true) for anonymous callers.
  financialsLocked: z.boolean(),
  ebitda: z.number().optional(),
  yearlySales: z.number().optional(),
  yearlyOperationalCost: z.number().optional(),
  expectedYearProfitPercentage: z.number().optional(),
  documents: z.array(opportunityDocument).optional(),
  /** Signed-in callers: the owner's user id (to report them from the owner's card). */
  ownerId: z.number().int().optional(),
  contactMemberName: z.string().nullable().optional(),
  contactPhone: z.string().optional(),
  contactEmail: z.string().nullable().optional(),
  extraDetails: z.string().nullable().optional(),
  /** Signed-in callers: how many confidential documents the listing has, and the caller's access to them. */
  confidentialDocumentsCount: z.number().int().optional(),
  access: z.enum(DOCUMENT_ACCESS).optional(),
  // Owner and admins only.
  rejectionReason: z.string().nullable().optional(),
});
export type OpportunityDetail = z.infer<typeof opportunityDetail>;

export const topOpportunitiesResponse = z.object({ opportunities: z.array(opportunityCard) });
