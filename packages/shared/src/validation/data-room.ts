import { z } from 'zod';
import { id, readableText } from './common';
import { cappedPageQuery, documentRef, opportunityCard, opportunityDocument } from './opportunities';

/** The data room (API.md "Data room"): requests to see a listing's confidential documents. */

export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'revoked'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

export const ACCESS_MESSAGE_MIN = 10;
export const ACCESS_MESSAGE_MAX = 1000;

/**
 * The owner's decisions: a pending request may be approved or declined; an approved one may be
 * revoked; a declined or revoked one may be approved later (the owner changed their mind). Anything
 * else is 409 INVALID_STATUS_TRANSITION; repeating the current status answers it unchanged.
 */
export const ACCESS_TRANSITIONS: Record<AccessRequestStatus, readonly AccessRequestStatus[]> = {
  pending: ['approved', 'declined'],
  approved: ['revoked'],
  declined: ['approved'],
  revoked: ['approved'],
};

/** POST /api/opportunities/{id}/access-requests: a message and the confidentiality undertaking. */
export const accessRequestInput = z
  .object({
    message: readableText(
      z.string().min(ACCESS_MESSAGE_MIN, { error: 'message_min' }).max(ACCESS_MESSAGE_MAX),
    ),
    acceptTerms: z.literal(true, { error: 'terms_required' }),
  })
  .strict();
export type AccessRequestInput = z.infer<typeof accessRequestInput>;
export type AccessRequestFormValues = z.input<typeof accessRequestInput>;

export const accessDecisionInput = z.object({ status: z.enum(['approved', 'declined', 'revoked']) }).strict();
export type AccessDecision = z.infer<typeof accessDecisionInput>['status'];

export const accessRequestIdParams = z.object({ id }).strict();

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const accessRequestsQuery = cappedPageQuery
  .extend({ status: z.preprocess(blankToUndefined, z.enum(ACCESS_REQUEST_STATUSES).optional()) })
  .strict();
export type AccessRequestsQuery = z.infer<typeof accessRequestsQuery>;

export const dataRoomPageQuery = cappedPageQuery.strict();

const userRef = z.object({ id: z.number().int(), username: z.string() });

export const accessRequest = z.object({
  id: z.number().int(),
  opportunityId: z.number().int(),
  /** `buyerVerified`: the owner sees a verified buyer's badge. */
  requester: userRef.extend({ buyerVerified: z.boolean() }),
  message: z.string(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AccessRequest = z.infer<typeof accessRequest>;

export const accessRequestResponse = z.object({ request: accessRequest });

/** GET /api/users/me/access-requests and /listing-access-requests: with the listing's card. */
export const accessRequestWithOpportunity = accessRequest.extend({ opportunity: opportunityCard });
export type AccessRequestWithOpportunity = z.infer<typeof accessRequestWithOpportunity>;

/** One download of a confidential document; `user` is null once that account is deleted. */
export const documentDownload = z.object({
  documentName: z.string(),
  user: userRef.nullable(),
  createdAt: z.string(),
});
export type DocumentDownload = z.infer<typeof documentDownload>;

/**
 * POST /api/opportunities/{id}/confidential-documents: a document the owner uploaded (the `url`
 * POST /api/uploads/docs handed back) and the name to show. Managing these never touches the
 * listing's status: confidential documents are never shown to visitors.
 */
export const confidentialDocumentInput = documentRef.omit({ confidential: true }).strict();
export type ConfidentialDocumentInput = z.infer<typeof confidentialDocumentInput>;

export const confidentialDocumentParams = z.object({ id, documentId: id }).strict();

export const confidentialDocument = opportunityDocument.extend({ id: z.number().int() });
export type ConfidentialDocument = z.infer<typeof confidentialDocument>;
export const confidentialDocumentResponse = z.object({ document: confidentialDocument });
