import { z } from 'zod';
import { id, pagedResponse, readableText } from './common';
import { cappedPageQuery, opportunityCard } from './opportunities';

/** Deals (API.md "Deals"): from an accepted offer to a closed deal. */

export const DEAL_STAGES = ['loi', 'due_diligence', 'closing', 'closed', 'cancelled'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];
export const DEAL_SIDES = ['seller', 'buyer'] as const;
export type DealSide = (typeof DEAL_SIDES)[number];
export const CHECKLIST_STATUSES = ['open', 'done', 'not_applicable'] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];
export const DEAL_EVENT_TYPES = [
  'opened',
  'loi_proposed',
  'loi_signed',
  'stage_changed',
  'close_requested',
  'checklist_added',
  'checklist_updated',
  'listing_deleted',
] as const;
export type DealEventType = (typeof DEAL_EVENT_TYPES)[number];

export const DEAL_LIMITS = {
  exclusivityDaysMax: 90,
  dueDiligenceDaysMin: 7,
  dueDiligenceDaysMax: 120,
  conditionsMax: 4000,
  fullNameMin: 3,
  fullNameMax: 100,
  titleMin: 3,
  titleMax: 200,
  noteMax: 1000,
  reasonMax: 1000,
  documentsMax: 10,
  checklistMax: 100,
  priceMax: 1e13,
} as const;

export const dealParams = z.object({ id }).strict();
export const loiParams = z.object({ id, version: id }).strict();
export const checklistItemParams = z.object({ id, itemId: id }).strict();
export const loiPdfQuery = z.object({ lang: z.enum(['ar', 'en']).default('ar') }).strict();

export const dealsQuery = cappedPageQuery
  .extend({
    stage: z.preprocess((v) => (v === '' ? undefined : v), z.enum(DEAL_STAGES).optional()),
  })
  .strict();
export type DealsQuery = z.infer<typeof dealsQuery>;

/** A letter of intent's terms; the form starts from the accepted offer's. */
export const loiInput = z
  .object({
    price: z.number().int({ error: 'not_integer' }).min(1).max(DEAL_LIMITS.priceMax),
    percentage: z.number().min(0.01).max(100).multipleOf(0.01, { error: 'decimals_2' }),
    exclusivityDays: z.number().int({ error: 'not_integer' }).min(0).max(DEAL_LIMITS.exclusivityDaysMax),
    dueDiligenceDays: z
      .number()
      .int({ error: 'not_integer' })
      .min(DEAL_LIMITS.dueDiligenceDaysMin)
      .max(DEAL_LIMITS.dueDiligenceDaysMax),
    conditions: readableText(z.string().max(DEAL_LIMITS.conditionsMax)),
  })
  .strict();
export type LoiInput = z.infer<typeof loiInput>;

/** A number typed in a form: Arabic-Indic digits and thousands separators read, blank is missing. */
function typed<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value
      .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf))
      .replace(/[\s,\u066C]/g, '')
      .replace(/\u066B/g, '.');
    return text === '' ? undefined : Number(text);
  }, schema);
}

/** The letter-of-intent form: the same rules, on the text of its number fields. */
export const loiForm = loiInput.extend({
  price: typed(loiInput.shape.price),
  percentage: typed(loiInput.shape.percentage),
  exclusivityDays: typed(loiInput.shape.exclusivityDays),
  dueDiligenceDays: typed(loiInput.shape.dueDiligenceDays),
});
export type LoiFormValues = z.input<typeof loiForm>;

/**
 * Bidirectional controls (LRE..RLO, LRI..PDI, LRM, RLM, ALM) and zero-width characters (ZWSP, ZWNJ,
 * ZWJ, word joiner, BOM): in a name printed on a signed document they can make it read otherwise
 * than typed (U+202E shows it backwards), and they are invisible in the form.
 */
const INVISIBLE_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\uFEFF\u2060]/g;

/** The text without bidi controls and zero-width characters (INVISIBLE_CONTROLS). */
export const withoutInvisibleControls = (text: string) => text.replace(INVISIBLE_CONTROLS, '');

/** A name printed on a document: invisible controls removed first, so the length rule counts what shows. */
export const documentName = (min: number, max: number) =>
  z
    .string()
    .transform((v) => withoutInvisibleControls(v).trim())
    .pipe(z.string().min(min).max(max));

/** A signature: the signer types their full name and accepts the terms. */
export const loiSignInput = z
  .object({
    fullName: documentName(DEAL_LIMITS.fullNameMin, DEAL_LIMITS.fullNameMax),
    accept: z.literal(true, { error: 'accept_required' }),
  })
  .strict();
export type LoiSignInput = z.infer<typeof loiSignInput>;

/** YYYY-MM-DD, a real calendar day (2024-02-30 is refused here, not by PostgreSQL as a 500). */
const day = z.iso.date({ error: 'date_invalid' }).refine((v) => v >= '2000-01-01', { error: 'date_invalid' });

export const checklistCreateInput = z
  .object({
    title: readableText(z.string().min(DEAL_LIMITS.titleMin).max(DEAL_LIMITS.titleMax)),
    side: z.enum(DEAL_SIDES),
    dueDate: day.optional(),
  })
  .strict();
export type ChecklistCreateInput = z.infer<typeof checklistCreateInput>;

export const checklistPatchInput = z
  .object({
    status: z.enum(CHECKLIST_STATUSES),
    note: readableText(z.string().max(DEAL_LIMITS.noteMax)).optional(),
    /** Upload ids of documents one of the two parties uploaded. */
    documentIds: z.array(id).max(DEAL_LIMITS.documentsMax).optional(),
  })
  .strict();
export type ChecklistPatchInput = z.infer<typeof checklistPatchInput>;

export const stageInput = z
  .object({
    stage: z.enum(['closing', 'closed', 'cancelled']),
    reason: readableText(z.string().max(DEAL_LIMITS.reasonMax)).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.stage === 'cancelled' && (value.reason ?? '').length < 3) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reason_min' });
    }
  });
export type StageInput = z.infer<typeof stageInput>;

const party = z.object({ id: z.number().int(), username: z.string() });
export type DealParty = z.infer<typeof party>;

export const dealLoi = z.object({
  version: z.number().int(),
  price: z.number(),
  percentage: z.number(),
  exclusivityDays: z.number().int(),
  dueDiligenceDays: z.number().int(),
  conditions: z.string(),
  proposedBy: z.enum(DEAL_SIDES),
  createdAt: z.string(),
  signedBySellerAt: z.string().nullable(),
  signedByBuyerAt: z.string().nullable(),
  sellerSignature: z.string().nullable(),
  buyerSignature: z.string().nullable(),
});
export type DealLoi = z.infer<typeof dealLoi>;

export const checklistDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A signed download link, valid for an hour. */
  url: z.string(),
});

export const checklistItem = z.object({
  id: z.number().int(),
  title: z.string(),
  side: z.enum(DEAL_SIDES),
  status: z.enum(CHECKLIST_STATUSES),
  dueDate: z.string().nullable(),
  note: z.string().nullable(),
  documents: z.array(checklistDocument),
});
export type ChecklistItem = z.infer<typeof checklistItem>;

export const dealEvent = z.object({
  type: z.enum(DEAL_EVENT_TYPES),
  actor: party.nullable(),
  at: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type DealEvent = z.infer<typeof dealEvent>;

export const dealOffer = z.object({
  /** Null once the listing, and its offers with it, was deleted; the amount and date stay. */
  id: z.number().int().nullable(),
  amount: z.number().nullable(),
  createdAt: z.string(),
});

export const deal = z.object({
  id: z.number().int(),
  opportunity: opportunityCard,
  seller: party,
  buyer: party,
  offer: dealOffer,
  stage: z.enum(DEAL_STAGES),
  /** The caller's side, or null for an admin reading it. */
  you: z.enum(DEAL_SIDES).nullable(),
  closeRequestedBy: z.array(z.enum(DEAL_SIDES)),
  cancelReason: z.string().nullable(),
  lois: z.array(dealLoi),
  checklist: z.array(checklistItem),
  timeline: z.array(dealEvent),
  dueDiligenceEndsAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deal = z.infer<typeof deal>;

export const dealSummary = z.object({
  id: z.number().int(),
  opportunity: opportunityCard,
  seller: party,
  buyer: party,
  stage: z.enum(DEAL_STAGES),
  you: z.enum(DEAL_SIDES).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DealSummary = z.infer<typeof dealSummary>;

export const dealsResponse = pagedResponse(dealSummary);
