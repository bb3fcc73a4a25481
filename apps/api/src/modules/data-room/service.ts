import {
  ACCESS_TRANSITIONS,
  type AccessDecision,
  type AccessRequest,
  type AccessRequestInput,
  type AccessRequestStatus,
  type AccessRequestWithOpportunity,
  type ConfidentialDocument,
  type ConfidentialDocumentInput,
  type DocumentDownload,
} from '@safqa/shared/validation/data-room';
import { LIMITS } from '@safqa/shared/constants';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { Notifier } from '../notifications/notifier';
import type { AuditService } from '../audit/service';
import type { BlocksService } from '../blocks/service';
import type { UsersService } from '../users/service';
import type { OpportunitiesService } from '../opportunities/service';
import { DocumentLinkRefused, type UploadsService } from '../uploads/service';
import type { DocumentScope } from '../uploads/signed-url';
import { accessDecisionEmail, accessDecisionNotice, accessRequestEmail, accessRequestNotice } from './emails';
import type { RoomListing } from '../opportunities/room-listings';
import * as repo from './repository';

/** `verified`: the requesters among the rows' who are verified buyers. */
export function toAccessRequest(row: repo.AccessRequestRow, verified: ReadonlySet<number>): AccessRequest {
  return {
    id: row.id,
    opportunityId: row.opportunityId,
    requester: {
      id: row.requesterId,
      username: row.requesterName,
      buyerVerified: verified.has(row.requesterId),
    },
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

const forbidden = () => new AppError(403, 'FORBIDDEN');

/**
 * The data room (API.md "Data room"): investors ask the owner to see a listing's confidential
 * documents; the owner approves, declines or revokes; downloads are checked and recorded at the moment
 * they happen, so that a revoke cuts access at once whatever links were handed out before.
 */
export function createDataRoomService(deps: {
  db: Db;
  notifier: Notifier;
  publicUrl: string;
  uploads: UploadsService;
  audit: Pick<AuditService, 'record'>;
  blocks: Pick<BlocksService, 'assertNotBlockedBy'>;
  /** Badges, requesters' and downloaders' names, and whether a downloader is an admin. */
  users: Pick<UsersService, 'verifiedBuyerIds' | 'usernamesOf' | 'findById'>;
  /** Listing cards beside the access requests, and the listings' owners and documents (`room`). */
  opportunities: Pick<OpportunitiesService, 'cardsById' | 'room'>;
}) {
  const { db, notifier, publicUrl, uploads, blocks, users, opportunities } = deps;
  const { room } = opportunities;

  /**
   * The requests with their requesters' usernames, one query per list; a request whose requester is
   * gone is left out, as the join on users it replaces did (the foreign key cascades anyway).
   */
  async function named(records: repo.AccessRequestRecord[]): Promise<repo.AccessRequestRow[]> {
    const names = await users.usernamesOf(records.map((r) => r.requesterId));
    return records.flatMap((record) => {
      const requesterName = names.get(record.requesterId);
      return requesterName === undefined ? [] : [{ ...record, requesterName }];
    });
  }

  async function findNamed(id: number): Promise<repo.AccessRequestRow | null> {
    const record = await repo.findRequest(db, id);
    return record ? ((await named([record]))[0] ?? null) : null;
  }

  /** 404 when the listing does not exist; 403 unless the caller owns it (or, where allowed, is an admin). */
  async function ownListing(user: AuthUser, opportunityId: number, adminToo: boolean): Promise<RoomListing> {
    const listing = await room.find(opportunityId);
    if (!listing) throw new AppError(404, 'NOT_FOUND');
    if (listing.ownerId !== user.id && !(adminToo && user.role === 'admin')) throw forbidden();
    return listing;
  }

  /**
   * The owner's listing for managing its confidential documents: 404 when it does not exist or the
   * caller may not see it at all; 403 for anyone else who may (admins included: it is the owner's file).
   */
  async function ownedForDocuments(user: AuthUser, opportunityId: number): Promise<RoomListing> {
    const listing = await room.find(opportunityId);
    if (!listing) throw new AppError(404, 'NOT_FOUND');
    if (listing.ownerId === user.id) return listing;
    if (listing.status === 'approved' || user.role === 'admin') throw forbidden();
    throw new AppError(404, 'NOT_FOUND');
  }

  const verifiedOf = (rows: repo.AccessRequestRow[]) =>
    users.verifiedBuyerIds(rows.map((r) => r.requesterId));

  async function withCards(rows: repo.AccessRequestRow[]): Promise<AccessRequestWithOpportunity[]> {
    const cards = await opportunities.cardsById(rows.map((r) => r.opportunityId));
    const verified = await verifiedOf(rows);
    return rows.flatMap((row) => {
      const card = cards.get(row.opportunityId);
      return card ? [{ ...toAccessRequest(row, verified), opportunity: card }] : [];
    });
  }

  return {
    statusOf: (opportunityId: number, userId: number) => repo.statusOf(db, opportunityId, userId),

    /**
     * A new request on an approved listing that is not the caller's: 404 unless approved, 403
     * OWN_OPPORTUNITY for the owner, 409 ALREADY_REQUESTED for a second one (whatever its status;
     * the owner may still approve a declined or revoked request). The owner is notified.
     */
    async create(user: AuthUser, opportunityId: number, input: AccessRequestInput): Promise<AccessRequest> {
      const listing = await room.find(opportunityId);
      if (!listing) throw new AppError(404, 'NOT_FOUND');
      if (listing.ownerId === user.id) throw new AppError(403, 'OWN_OPPORTUNITY');
      if (listing.status !== 'approved' || listing.ownerSuspended) throw new AppError(404, 'NOT_FOUND');
      await blocks.assertNotBlockedBy(listing.ownerId, user.id);
      const verified = await users.verifiedBuyerIds([user.id]);
      if (listing.verifiedBuyersOnly && !verified.has(user.id)) {
        throw new AppError(403, 'VERIFICATION_REQUIRED');
      }
      // Read before the transaction: the users service runs on the pool, not in `tx`.
      const requesterName = (await users.usernamesOf([user.id])).get(user.id)!;
      return db.transaction(async (tx) => {
        const id = await repo.insertRequest(tx, {
          opportunityId,
          requesterId: user.id,
          message: input.message,
          termsAcceptedAt: new Date(),
        });
        if (id === null) throw new AppError(409, 'ALREADY_REQUESTED');
        const row = { ...(await repo.findRequest(tx, id))!, requesterName };
        await notifier.notify(tx, {
          userId: listing.ownerId,
          type: 'access_request',
          ...accessRequestNotice(listing, row.requesterName),
          link: `/opportunities/${listing.id}`,
          email: (lang) => accessRequestEmail(lang, listing, row.requesterName, row.message, publicUrl),
        });
        return toAccessRequest(row, verified);
      });
    },

    /** Requests on one listing, newest first: its owner or an admin. */
    async onListing(
      user: AuthUser,
      opportunityId: number,
      status: AccessRequestStatus | undefined,
      page: number,
      pageSize: number,
    ) {
      await ownListing(user, opportunityId, true);
      const found = await repo.requestsPage(db, { opportunityId, status }, page, pageSize);
      const rows = await named(found.rows);
      const verified = await verifiedOf(rows);
      return { data: rows.map((row) => toAccessRequest(row, verified)), total: found.total };
    },

    /** The caller's own requests, with each listing's card. */
    async mine(userId: number, page: number, pageSize: number) {
      const { rows, total } = await repo.requestsPage(db, { requesterId: userId }, page, pageSize);
      return { data: await withCards(await named(rows)), total };
    },

    /** Requests on all the caller's listings, with each listing's card. */
    async received(userId: number, page: number, pageSize: number) {
      const opportunityIds = await room.idsOwnedBy(userId);
      const { rows, total } = await repo.requestsPage(db, { opportunityIds }, page, pageSize);
      return { data: await withCards(await named(rows)), total };
    },

    /**
     * The owner of the listing (nobody else, admins included: it is the owner's consent) moves a
     * request along ACCESS_TRANSITIONS. Repeating the current status answers it unchanged; another
     * move is 409 INVALID_STATUS_TRANSITION. The requester is notified in their language.
     */
    async decide(user: AuthUser, requestId: number, status: AccessDecision): Promise<AccessRequest> {
      const current = await findNamed(requestId);
      if (!current) throw new AppError(404, 'NOT_FOUND');
      const listing = await ownListing(user, current.opportunityId, false);
      const verified = await verifiedOf([current]);
      if (current.status === status) return toAccessRequest(current, verified);
      if (!ACCESS_TRANSITIONS[current.status].includes(status))
        throw new AppError(409, 'INVALID_STATUS_TRANSITION');
      return db.transaction(async (tx) => {
        const record = await repo.decide(tx, requestId, current.status, status);
        if (!record) throw new AppError(409, 'INVALID_STATUS_TRANSITION');
        // Same requester as `current`: their name was read just before.
        const decided = { ...record, requesterName: current.requesterName };
        await deps.audit.record(tx, {
          action: `access_request.${status}`,
          targetType: 'access_request',
          targetId: requestId,
          actorId: user.id,
          details: { opportunityId: listing.id, requesterId: decided.requesterId, from: current.status },
        });
        await notifier.notify(tx, {
          userId: decided.requesterId,
          type: 'access_decision',
          ...accessDecisionNotice(listing, status),
          link: `/opportunities/${listing.id}`,
          email: (lang) => accessDecisionEmail(lang, listing, status, publicUrl),
        });
        return toAccessRequest(decided, verified);
      });
    },

    /**
     * The owner adds a confidential document: a document upload of their own that no listing holds
     * yet. Only the documents change: never the status, since visitors never see these files.
     */
    async addConfidential(
      user: AuthUser,
      opportunityId: number,
      input: ConfidentialDocumentInput,
    ): Promise<ConfidentialDocument> {
      await ownedForDocuments(user, opportunityId);
      const upload = await uploads.ownDocument(user.id, input.url, input.name);
      const invalid = (reason: string) => new AppError(400, 'VALIDATION_FAILED', { fields: { url: reason } });
      if (!upload) throw invalid('upload_unknown');
      const document = { ...upload.document, confidential: true };
      if (!(await room.appendDocument(opportunityId, user.id, document, LIMITS.maxDocuments))) {
        const holders = await room.holding(document.key);
        throw holders.length
          ? invalid('upload_in_use')
          : new AppError(400, 'VALIDATION_FAILED', { fields: { documents: 'documents_full' } });
      }
      return {
        id: upload.id,
        name: document.name,
        size: document.size,
        mimeType: document.mimeType,
        confidential: true,
        ...uploads.signDocument(document.key, { opportunityId, userId: user.id }),
      };
    },

    /** The owner removes a confidential document (404 unless the listing holds it as confidential). */
    async removeConfidential(user: AuthUser, opportunityId: number, documentId: number): Promise<void> {
      await ownedForDocuments(user, opportunityId);
      const key = await uploads.documentKeyById(documentId);
      if (!key || !(await room.dropConfidentialDocument(opportunityId, key))) {
        throw new AppError(404, 'NOT_FOUND');
      }
    },

    /** Downloads of confidential documents on one listing, newest first: its owner or an admin. */
    async downloads(user: AuthUser, opportunityId: number, page: number, pageSize: number) {
      await ownListing(user, opportunityId, true);
      const { rows, total } = await repo.downloadsPage(db, opportunityId, page, pageSize);
      const names = await users.usernamesOf(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])));
      const data: DocumentDownload[] = rows.map((row) => ({
        documentName: row.documentName,
        user:
          row.userId !== null && names.has(row.userId)
            ? { id: row.userId, username: names.get(row.userId)! }
            : null,
        createdAt: row.createdAt.toISOString(),
      }));
      return { data, total };
    },

    /**
     * The uploads guard: every download of a private file passes here after its signature. A link
     * of a listing (`scope`) to a confidential document works only while its user is the owner, an
     * admin, or an approved requester of a public listing (approved, owner not suspended), checked now; the latter's downloads
     * are recorded. A link without scope (the uploader's own, from POST /api/uploads/docs) never
     * opens a file that some listing holds as confidential.
     */
    async checkDownload({
      key,
      scope,
    }: {
      key: string;
      scope: DocumentScope | null;
    }): Promise<{ name: string } | void> {
      if (!scope) {
        const holders = await room.holding(key);
        if (holders.some((l) => l.documents.some((d) => d.key === key && d.confidential))) throw forbidden();
        return;
      }
      const listing = await room.find(scope.opportunityId);
      const document = listing?.documents.find((d) => d.key === key);
      if (!listing || !document) throw forbidden();
      // Saved under the name the owner gave it on the listing, not the uploaded file's.
      const named = { name: document.name };
      if (!document.confidential || scope.userId === listing.ownerId) return named;
      if ((await users.findById(scope.userId))?.role === 'admin') return named;
      const status = await repo.statusOf(db, listing.id, scope.userId);
      // The page a browser gets for an old link says so when the owner revoked access.
      if (status === 'revoked') throw new DocumentLinkRefused('revoked');
      // A listing hidden from view (not approved, or its owner suspended) opens nothing to requesters.
      if (status !== 'approved' || listing.status !== 'approved' || listing.ownerSuspended) throw forbidden();
      await repo.recordDownload(db, {
        opportunityId: listing.id,
        userId: scope.userId,
        documentKey: key,
        documentName: document.name,
      });
      return named;
    },
  };
}

export type DataRoomService = ReturnType<typeof createDataRoomService>;
