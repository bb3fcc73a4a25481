import { z } from 'zod';
import { LIMITS } from '../constants';
import { email, errorBody, id, saudiPhone } from './common';
import { cappedPageQuery, opportunityCard } from './opportunities';

/** Offer rules (SPEC.md section 5 "Offer") and shapes (API.md "Offers"): one module for form and route. */

export const OFFER_REASONS = ['wantsOffer', 'knowRegulations', 'moreFinancial', 'moreOperational'] as const;
export type OfferReason = (typeof OFFER_REASONS)[number];

export const OFFER_STATUSES = ['new', 'accepted', 'declined'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Seconds before another code may be requested for the same email (the form's countdown). */
export const OFFER_CODE_RESEND_SECONDS = 60;
export const OFFER_CODE_TTL_MINUTES = 10;
export const OFFER_CODE_MAX_TRIES = 5;
export const OFFER_CODES_PER_EMAIL_PER_HOUR = 5;
export const OFFER_MESSAGE_MAX = 2000;
export const OFFER_NAME_MAX = 100;
/** Upper bound of an offered amount in SAR, well above any listed business, to refuse nonsense. */
export const OFFER_AMOUNT_MAX = 1_000_000_000_000;
/** The owner's optional note to the investor with a decision (shown in their email and My offers). */
export const OFFER_NOTE_MAX = 500;

export const offerReasons = z
  .object({
    wantsOffer: z.boolean().default(false),
    knowRegulations: z.boolean().default(false),
    moreFinancial: z.boolean().default(false),
    moreOperational: z.boolean().default(false),
  })
  .strict()
  .refine((reasons) => OFFER_REASONS.some((key) => reasons[key]), { error: 'reasons_required' });
export type OfferReasons = z.infer<typeof offerReasons>;

/** The first step of the form: who offers and why. */
export const offerDetails = z
  .object({
    name: z.string().trim().min(1, { error: 'required' }).max(OFFER_NAME_MAX),
    phone: saudiPhone,
    reasons: offerReasons,
    message: z.string().trim().min(LIMITS.offerMessageMin, { error: 'message_min' }).max(OFFER_MESSAGE_MAX),
    amount: z.number().int().positive().max(OFFER_AMOUNT_MAX).nullable().optional(),
  })
  .strict();
export type OfferDetailsValues = z.input<typeof offerDetails>;

export const offerCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.otpDigits}}$`), { error: 'code_invalid' });

export const offerCodeRequest = z.object({ email }).strict();
export type OfferCodeRequest = z.input<typeof offerCodeRequest>;

/** The second step of the form: the email that receives the code, and the code. */
export const offerCodeStep = z.object({ email, code: offerCode }).strict();
export type OfferCodeStepValues = z.input<typeof offerCodeStep>;

/** POST /api/opportunities/{id}/offers: both steps together. */
export const offerCreateInput = offerDetails.extend({ email, code: offerCode }).strict();
export type OfferCreateInput = z.infer<typeof offerCreateInput>;

/** The note is optional; blank (or only spaces) means none. */
export const offerDecisionNote = z.string().trim().max(OFFER_NOTE_MAX);

/** The owner decides once: a new offer becomes accepted or declined, with an optional note. */
export const offerStatusInput = z
  .object({ status: z.enum(['accepted', 'declined']), note: offerDecisionNote.optional() })
  .strict();
export type OfferStatusInput = z.infer<typeof offerStatusInput>;

/** The decision dialog's form: the same note rule as the server's. */
export const offerDecisionForm = z.object({ note: offerDecisionNote }).strict();
export type OfferDecisionFormValues = z.input<typeof offerDecisionForm>;

export const offerIdParams = z.object({ offerId: id }).strict();

export const offer = z.object({
  id: z.number().int(),
  opportunityId: z.number().int(),
  /** The investor's account (the owner's "Message" opens a chat with it). */
  userId: z.number().int(),
  /** The investor is a verified buyer (the owner sees a badge). */
  buyerVerified: z.boolean(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  reasons: z.object({
    wantsOffer: z.boolean(),
    knowRegulations: z.boolean(),
    moreFinancial: z.boolean(),
    moreOperational: z.boolean(),
  }),
  message: z.string(),
  amount: z.number().nullable(),
  status: z.enum(OFFER_STATUSES),
  /** The owner's note with the decision, null when none; only the owner and this investor see offers. */
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offer = z.infer<typeof offer>;

export const offerResponse = z.object({ offer });

/** GET /api/users/me/offers: an offer the user made, with the card of its opportunity. */
export const myOffer = offer.extend({ opportunity: opportunityCard });
export type MyOffer = z.infer<typeof myOffer>;

/** GET /api/users/me/offers: `?opportunityId=` narrows to the caller's offers on one listing. */
export const myOffersQuery = cappedPageQuery
  .extend({ opportunityId: z.preprocess((v) => (v === '' ? undefined : v), id.optional()) })
  .strict();
export const offerCodeResponse = z.object({
  message: z.string(),
  /** Seconds until another code may be requested (drives the resend countdown). */
  resendAfter: z.number().int(),
  /** Minutes the code stays valid. */
  expiresInMinutes: z.number().int(),
});

/** Error body of the offer calls: `retryAfter` seconds with 429, `attemptsLeft` with CODE_INVALID. */
export const offerErrorBody = errorBody.extend({
  retryAfter: z.number().int().optional(),
  attemptsLeft: z.number().int().optional(),
});
