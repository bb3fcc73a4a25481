import { z } from 'zod';
import { LIMITS } from '../constants';
import { pagedResponse } from './common';
import { cappedPageQuery } from './opportunities';

/** Verified buyers (API.md "Trust and safety"): a proof of funds or an identity document, reviewed by admins. */

export const VERIFICATION_KINDS = ['proof_of_funds', 'identity'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Multipart field of the file; the other fields are `kind` and `note`. */
export const VERIFICATION_FILE_FIELD = 'file';
export const VERIFICATION_MAX_BYTES = LIMITS.documentMaxBytes;
export const VERIFICATION_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** For `<input type="file" accept=...>`; the server decides by content, never by name. */
export const VERIFICATION_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const VERIFICATION_NOTE_MAX = 500;
export const VERIFICATION_REASON_MIN = LIMITS.rejectionReasonMin;
export const VERIFICATION_REASON_MAX = 500;
/** Seconds an admin's link to a verification file stays valid. */
export const VERIFICATION_LINK_TTL_SECONDS = 60;

/** The text fields of the multipart form (the file is checked apart). */
export const verificationFields = z
  .object({
    kind: z.enum(VERIFICATION_KINDS),
    note: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().max(VERIFICATION_NOTE_MAX).optional(),
    ),
  })
  .strict();
export type VerificationFields = z.input<typeof verificationFields>;

/** The browser's check of the chosen file before it is sent: type by declared MIME, and size. */
export function verificationFileProblem(file: { type: string; size: number } | null | undefined) {
  if (!file) return 'file_required' as const;
  if (!(VERIFICATION_MIME_TYPES as readonly string[]).includes(file.type))
    return 'file_type_invalid' as const;
  if (file.size > VERIFICATION_MAX_BYTES) return 'file_too_large' as const;
  return null;
}

export const verificationRequest = z.object({
  id: z.number().int(),
  kind: z.enum(VERIFICATION_KINDS),
  status: z.enum(VERIFICATION_STATUSES),
  fileName: z.string(),
  note: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VerificationRequest = z.infer<typeof verificationRequest>;

export const verificationCreatedResponse = z.object({
  verification: z.object({
    id: z.number().int(),
    kind: z.enum(VERIFICATION_KINDS),
    status: z.literal('pending'),
    createdAt: z.string(),
  }),
});

export const myVerificationResponse = z.object({
  buyerVerified: z.boolean(),
  verifiedAt: z.string().nullable(),
  requests: z.array(verificationRequest),
});
export type MyVerification = z.infer<typeof myVerificationResponse>;

export const adminVerificationsQuery = cappedPageQuery
  .extend({
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(VERIFICATION_STATUSES).optional()),
  })
  .strict();
export type AdminVerificationsQuery = z.infer<typeof adminVerificationsQuery>;

export const adminVerification = verificationRequest.extend({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    buyerVerified: z.boolean(),
  }),
  mimeType: z.string(),
  size: z.number().int(),
  /** A one-minute link to the file, for this admin only; null once the file was removed. */
  file: z.object({ url: z.string(), expiresAt: z.string() }).nullable(),
});
export type AdminVerification = z.infer<typeof adminVerification>;
export const adminVerificationsResponse = pagedResponse(adminVerification);

export const verificationDecisionInput = z
  .object({
    status: z.enum(['approved', 'rejected']),
    reason: z
      .string()
      .trim()
      .min(VERIFICATION_REASON_MIN, { error: 'reason_min' })
      .max(VERIFICATION_REASON_MAX)
      .optional(),
  })
  .strict()
  .refine((v) => v.status !== 'rejected' || v.reason !== undefined, {
    error: 'required',
    path: ['reason'],
  });
export type VerificationDecisionInput = z.infer<typeof verificationDecisionInput>;

/** The admin's reject dialog: the same reason rule. */
export const verificationRejectForm = z
  .object({
    reason: z
      .string()
      .trim()
      .min(VERIFICATION_REASON_MIN, { error: 'reason_min' })
      .max(VERIFICATION_REASON_MAX),
  })
  .strict();
export type VerificationRejectFormValues = z.input<typeof verificationRejectForm>;

export const verificationDecisionResponse = z.object({ verification: adminVerification });

/** GET /api/verification-files/{id}: the signed link's query. */
export const verificationFileQuery = z
  .object({ expires: z.string().max(20), u: z.string().max(12), signature: z.string().max(100) })
  .strict();
