import { z } from 'zod';
import { idParams } from './common';

export const FAQ_SEARCH_MAX = 200;

export const faq = z.object({
  id: z.number().int(),
  questionAr: z.string(),
  answerAr: z.string(),
  questionEn: z.string(),
  answerEn: z.string(),
});
export type Faq = z.infer<typeof faq>;

/** Every whitespace-separated term must match, after Arabic normalisation (SPEC.md section 5). */
export const faqListQuery = z.object({ search: z.string().trim().max(FAQ_SEARCH_MAX).optional() }).strict();
export type FaqListQuery = z.infer<typeof faqListQuery>;

export const faqListResponse = z.object({ faqs: z.array(faq) });
export type FaqListResponse = z.infer<typeof faqListResponse>;

// Admin (API.md "Admin": GET, POST /api/admin/faqs; PUT, DELETE /api/admin/faqs/{id}; order)

export const FAQ_LIMITS = {
  questionMax: 300,
  answerMax: 5000,
  sortOrderMax: 100_000,
  maxItems: 1000,
} as const;

const question = z.string().trim().min(1, { error: 'required' }).max(FAQ_LIMITS.questionMax);
const answer = z.string().trim().min(1, { error: 'required' }).max(FAQ_LIMITS.answerMax);

/** Both languages are required; sortOrder omitted on create means after the last question. */
export const faqInput = z
  .object({
    questionAr: question,
    answerAr: answer,
    questionEn: question,
    answerEn: answer,
    sortOrder: z.number().int({ error: 'not_integer' }).min(0).max(FAQ_LIMITS.sortOrderMax).optional(),
  })
  .strict();
export type FaqInput = z.infer<typeof faqInput>;
export type FaqFormValues = z.input<typeof faqInput>;

export const adminFaq = faq.extend({ sortOrder: z.number().int(), updatedAt: z.string() });
export type AdminFaq = z.infer<typeof adminFaq>;

export const adminFaqListResponse = z.object({ data: z.array(adminFaq) });
export const adminFaqResponse = z.object({ data: adminFaq });
export const faqParams = idParams;

/** PUT /api/admin/faqs/order: every FAQ id once, in the new display order. */
export const faqOrderInput = z
  .object({
    ids: z
      .array(z.number().int().positive())
      .min(1)
      .max(FAQ_LIMITS.maxItems)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'order_mismatch' }),
  })
  .strict();
export type FaqOrderInput = z.infer<typeof faqOrderInput>;
