import { searchTextOf } from '@safqa/shared/arabic-normalise';
import {
  topOpportunitiesResponse,
  type DocumentAccess,
  type MyOpportunitiesQuery,
  type OpportunityDetail,
  type OpportunityInput,
  type SearchQuery,
} from '@safqa/shared/validation/opportunities';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/viewer';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import type { UploadsService } from '../uploads/service';
import type { UsersService } from '../users/service';
import { paged } from '../../lib/paged';
import { dealStateOf, iso, lookupOf, toCard, toMyCard } from './mappers';
import type { DetailRow, OpportunitiesRepository, OpportunityRow, OpportunityValues } from './repository';
import { searchTerms } from './queries';
import { createTtlCache } from './ttl-cache';
import { createModeration } from './moderation';
import { findDealTarget, incrementOffersCount, writeDealState } from './offer-counts';
import type { ModerationRepository } from './moderation-repository';

export type Caller = AuthUser | null;

/** The caller's request status for a listing's confidential documents (answered by the data room). */
export type AccessLookup = (
  opportunityId: number,
  userId: number,
) => Promise<'pending' | 'approved' | 'declined' | 'revoked' | null>;

/** Who may see a listing at all: everyone when approved, otherwise only its owner and admins. */
export function canSee(
  o: Pick<OpportunityRow, 'status' | 'submittedBy' | 'ownerSuspended'>,
  caller: Caller,
): boolean {
  return isPublic(o) || caller?.id === o.submittedBy || caller?.role === 'admin';
}

/** On show to everyone: approved, and its owner not suspended. */
export function isPublic(o: Pick<OpportunityRow, 'status' | 'ownerSuspended'>): boolean {
  return o.status === 'approved' && !o.ownerSuspended;
}

/** Back under review after an edit: it was public before, so the people involved keep seeing it. */
export function isUnderReview(o: Pick<OpportunityRow, 'status' | 'approvedAt'>): boolean {
  return o.status === 'pending' && o.approvedAt !== null;
}

export const TOP_CACHE_TTL_MS = 30_000;
/** Search totals may lag this long behind new approvals elsewhere; local changes clear them at once. */
export const COUNT_CACHE_TTL_MS = 30_000;

/** What a search total depends on: its conditions, not its page or sort. */
function countKey(query: SearchQuery): string {
  const { businessTypeId, regionId, cityId, type, minAmount, maxAmount } = query;
  return JSON.stringify([searchTerms(query.q), businessTypeId, regionId, cityId, type, minAmount, maxAmount]);
}

export function createOpportunitiesService(deps: {
  repo: OpportunitiesRepository;
  moderation: ModerationRepository;
  uploads: UploadsService;
  /** The users area names the authors of status changes (moderationHistory). */
  users: Pick<UsersService, 'usernamesOf'>;
  /** The data room answers each caller's access to confidential documents (see accessOf). */
  accessLookup?: AccessLookup;
  topCacheTtlMs?: number;
  onViewError?: (error: unknown) => void;
}) {
  const { repo, uploads } = deps;
  const topCache = createTtlCache<string>(deps.topCacheTtlMs ?? TOP_CACHE_TTL_MS, 1);
  const loadTop = async () => {
    const cards = (await repo.top()).map(toCard);
    return JSON.stringify(topOpportunitiesResponse.parse({ opportunities: cards }));
  };
  const countCache = createTtlCache<number>(COUNT_CACHE_TTL_MS, 2000);
  // Without the data room nobody but owners and admins sees confidential files.
  const accessLookup = deps.accessLookup ?? null;

  async function accessOf(o: OpportunityRow, caller: Caller): Promise<DocumentAccess | undefined> {
    if (!caller) return undefined;
    if (caller.id === o.submittedBy) return 'owner';
    return (accessLookup ? await accessLookup(o.id, caller.id) : null) ?? 'none';
  }
  /** After a change to what is public: the top list and every total are recomputed on next use. */
  const publicListeners = new Set<() => void>();
  const publicChanged = () => {
    topCache.clear();
    countCache.clear();
    for (const listener of publicListeners) listener();
  };

  /**
   * What other areas do in the deletion's transaction before the row goes: the deals area refuses
   * (409) or cancels and keeps its deals; they never disappear with the listing.
   */
  type RemovalGuard = (tx: Db, opportunityId: number, actor: AuthUser) => Promise<void>;
  const removalGuards: RemovalGuard[] = [];

  /** The listing if the caller may see it; 404 otherwise, so hidden listings are indistinguishable from none. */
  async function visible(id: number, caller: Caller): Promise<OpportunityRow> {
    const row = await repo.findById(id);
    if (!row || !canSee(row, caller)) throw new AppError(404, 'NOT_FOUND');
    return row;
  }

  /** Checks references the schema cannot (lookups exist, city in region, uploads are the caller's). */
  async function valuesFrom(
    input: OpportunityInput,
    userId: number,
    current: OpportunityRow | null,
  ): Promise<OpportunityValues> {
    const found = await repo.checkLookups({
      businessTypeId: input.businessTypeId,
      regionId: input.regionId,
      cityId: input.cityId,
      companyAgeId: input.companyAgeId ?? null,
      companySizeId: input.companySizeId ?? null,
    });
    const fields: Record<string, string> = {};
    if (!found.business_type) fields.businessTypeId = 'lookup_unknown';
    if (!found.region) fields.regionId = 'lookup_unknown';
    if (found.city_region_id === null) fields.cityId = 'lookup_unknown';
    else if (found.region && found.city_region_id !== input.regionId) fields.cityId = 'city_region_mismatch';
    if (!found.company_age) fields.companyAgeId = 'lookup_unknown';
    if (!found.company_size) fields.companySizeId = 'lookup_unknown';
    if (Object.keys(fields).length) throw new AppError(400, 'VALIDATION_FAILED', { fields });

    const images = await uploads.resolveImages(userId, input.images, current?.images ?? []);
    const documents = await uploads.resolveDocuments(userId, input.documents, current?.documents ?? []);
    const logo = await uploads.resolveLogo(userId, input.logo, current?.logo ?? null);
    const { images: _i, documents: _d, logo: _l, ...rest } = input;
    return {
      ...rest,
      companyAgeId: input.companyAgeId ?? null,
      companySizeId: input.companySizeId ?? null,
      employeesCount: input.employeesCount ?? null,
      branchesCount: input.branchesCount ?? null,
      images,
      documents,
      logo,
      searchText: searchTextOf(input.name, input.nameAr, input.description, input.descriptionAr),
    };
  }

  /** A lookup deleted between our check and the write surfaces as a foreign-key violation: a 400, not a 500. */
  async function writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
      if (cause?.code === '23503') {
        throw new AppError(400, 'VALIDATION_FAILED', { fields: { body: 'lookup_unknown' } });
      }
      throw error;
    }
  }

  function detailOf(
    row: DetailRow,
    caller: Caller,
    isFavorite: boolean,
    access: DocumentAccess | undefined,
    documentIds: Map<string, number> | null = null,
  ): OpportunityDetail {
    const o = row.o;
    const isOwner = caller?.id === o.submittedBy;
    const l = (v: { id: number; nameAr: string; nameEn: string }) => lookupOf(v.id, v.nameAr, v.nameEn);
    const detail: OpportunityDetail = {
      id: o.id,
      opportunityName: o.name,
      opportunityNameAr: o.nameAr,
      type: o.type,
      offeredPercentage: o.offeredPercentage,
      requiredAmount: o.requiredAmount,
      logo: o.logo,
      coverImage: o.images[0] ? (o.images[0].thumbnailUrl ?? o.images[0].url) : null,
      businessType: l(row.businessType),
      region: l(row.region),
      city: l(row.city),
      isVerified: o.isVerified,
      createdAt: iso(o.createdAt),
      dealState: dealStateOf(o.dealState, o.type),
      name: o.name,
      nameAr: o.nameAr,
      description: o.description,
      descriptionAr: o.descriptionAr,
      images: o.images.map((img) => img.url),
      gallery: o.images.map((img) => ({
        url: img.url,
        thumbnailUrl: img.thumbnailUrl ?? null,
        width: img.width ?? null,
        height: img.height ?? null,
        variants: img.variants ?? [],
      })),
      negotiable: o.negotiable,
      waitForHighestOffer: o.waitForHighestOffer,
      verifiedBuyersOnly: o.verifiedBuyersOnly,
      facilitySize: o.facilitySize,
      facilityFoundationDay: o.facilityFoundationDay,
      employeesCount: o.employeesCount,
      branchesCount: o.branchesCount,
      companyAge: row.companyAge ? l(row.companyAge) : null,
      companySize: row.companySize ? l(row.companySize) : null,
      status: o.status,
      isFavorite,
      isOwner,
      favoritesCount: o.favoritesCount,
      updatedAt: iso(o.updatedAt),
      financialsLocked: !caller,
    };
    if (caller) {
      // Confidential documents: the owner, admins and approved requesters only (API.md "Data room").
      const seesConfidential = access === 'owner' || access === 'approved' || caller.role === 'admin';
      const scope = { opportunityId: o.id, userId: caller.id };
      Object.assign(detail, {
        ebitda: o.ebitda,
        yearlySales: o.yearlySales,
        yearlyOperationalCost: o.yearlyOperationalCost,
        expectedYearProfitPercentage: o.expectedYearProfitPercentage,
        documents: o.documents
          .filter((d) => seesConfidential || !d.confidential)
          .map((d) => ({
            name: d.name,
            size: d.size,
            mimeType: d.mimeType,
            confidential: d.confidential ?? false,
            ...(documentIds?.has(d.key) ? { id: documentIds.get(d.key) } : {}),
            ...uploads.signDocument(d.key, scope),
          })),
        confidentialDocumentsCount: o.documents.filter((d) => d.confidential).length,
        access,
        // Who to report from the owner's card (API.md "Trust and safety"), signed-in callers only.
        ownerId: o.submittedBy,
        contactMemberName: o.contactMemberName,
        contactPhone: o.contactPhone,
        contactEmail: o.contactEmail,
        extraDetails: o.extraDetails,
      });
    }
    if (isOwner || caller?.role === 'admin') detail.rejectionReason = o.rejectionReason;
    return detail;
  }

  /**
   * The detail page's rule: canSee, and also a listing back under review for a signed-in caller who
   * bookmarked it, made an offer on it or was let into its data room (it still says "pending").
   */
  async function canSeeDetail(o: OpportunityRow, caller: Caller): Promise<boolean> {
    if (canSee(o, caller)) return true;
    // A suspended owner's listing is hidden even from those involved (and so are its document links).
    return caller !== null && isUnderReview(o) && !o.ownerSuspended && repo.isInvolved(caller.id, o.id);
  }

  async function loadDetail(id: number, caller: Caller): Promise<OpportunityDetail> {
    const row = await repo.findDetail(id);
    if (!row || !(await canSeeDetail(row.o, caller))) throw new AppError(404, 'NOT_FOUND');
    const isOwner = caller !== null && caller.id === row.o.submittedBy;
    const [isFavorite, access, documentIds] = await Promise.all([
      caller ? repo.isFavorite(caller.id, id) : false,
      accessOf(row.o, caller),
      // The owner manages confidential documents by id (API.md "Data room").
      isOwner && row.o.documents.length ? uploads.documentIds(row.o.documents.map((d) => d.key)) : null,
    ]);
    return detailOf(row, caller, isFavorite, access, documentIds);
  }

  /** Details of several listings for an admin (every status is visible to them), in the order of `ids`. */
  async function adminDetails(ids: number[], admin: AuthUser): Promise<OpportunityDetail[]> {
    const rows = await repo.findDetails(ids);
    return Promise.all(
      rows.map(async (row) =>
        detailOf(row, admin, await repo.isFavorite(admin.id, row.o.id), await accessOf(row.o, admin)),
      ),
    );
  }

  const moderation = createModeration({
    repo,
    moderation: deps.moderation,
    users: deps.users,
    loadDetail,
    detailsOf: adminDetails,
    invalidateTop: publicChanged,
  });

  return {
    /** The serialised `{opportunities}` body of GET /api/opportunities/top. */
    topBody: () => topCache.get('top', loadTop),
    /** Forget cached top list and totals (other modules call it after changing what is public). */
    invalidatePublic: publicChanged,
    /** Calls `listener` whenever what is public may have changed (moderation, edit, delete). */
    onPublicChange(listener: () => void) {
      publicListeners.add(listener);
    },
    /** Approved listings for the sitemap: `{id, updatedAt}` in id order, and how many there are. */
    /**
     * Listing cards by id, whatever the listing's status now, for the areas that show a listing's
     * card beside their own rows (offers sent, access requests, deals); a listing gone is absent.
     */
    cardsById: (ids: number[], tx?: Db) => repo.cardsById(ids, tx),
    /** Owner, status and names of listings by id, whatever their status (chat, the reports queue). */
    summaries: (ids: number[]) => repo.summaries(ids),
    publicEntries: (offset: number, limit: number) => repo.publicEntries(offset, limit),
    publicCount: () => repo.publicCount(),
    /** The listing an offer names: owner, status and names (the offers area decides who may offer). */
    offerTarget: (opportunityId: number) => repo.offerTarget(opportunityId),
    /** What the data room reads and writes of listings: owner, status and documents (room-listings.ts). */
    room: repo.room,
    /**
     * One more offer on the listing, written in the offer's transaction `tx`. The top list ranks by
     * offers, so it is recomputed on its next read rather than kept for up to TOP_CACHE_TTL_MS.
     */
    /**
     * Hides every listing of a suspended owner, or shows them again on reinstatement, in `tx`; their
     * own statuses are kept. Call invalidatePublic() once `tx` has committed.
     */
    setOwnerSuspended: (tx: Db, ownerId: number, suspended: boolean) =>
      repo.setOwnerSuspended(tx, ownerId, suspended),
    async countOffer(tx: Db, opportunityId: number) {
      await incrementOffersCount(tx, opportunityId);
      topCache.clear();
    },
    /** What a deal on the listing starts from (its type and asked terms), read in the deal's `tx`. */
    dealTarget: (tx: Db, opportunityId: number) => findDealTarget(tx, opportunityId),
    /**
     * Marks the listing for a deal, in the deal's transaction `tx`: under offer, closed (sold or
     * funded, out of search and alerts) or back to normal (null).
     */
    async setDealState(tx: Db, opportunityId: number, state: 'under_offer' | 'closed' | null) {
      await writeDealState(tx, opportunityId, state);
      topCache.clear();
      countCache.clear();
    },
    /** The caches themselves, for the benchmark to measure the uncached path (ttlMs = 0). */
    caches: { top: topCache, counts: countCache },

    /** A page of approved cards; the total of the same conditions is counted at most every 30 s. */
    async search(query: SearchQuery) {
      const [rows, total] = await Promise.all([
        repo.searchPage(query),
        countCache.get(countKey(query), () => repo.searchCount(query)),
      ]);
      return paged(rows.map(toCard), query.page, query.pageSize, total);
    },

    /** What an anonymous visitor sees of a listing (404 unless public), without counting a view: previews. */
    publicDetail: (id: number) => loadDetail(id, null),

    /**
     * The detail as the caller may see it. A view is counted for `viewer` (see lib/viewer.ts; null:
     * not counted) unless the caller is the owner or an admin, or the listing is not public.
     */
    async detail(id: number, caller: Caller, viewer: Viewer | null = null): Promise<OpportunityDetail> {
      const detail = await loadDetail(id, caller);
      if (viewer && detail.status === 'approved' && !detail.isOwner && caller?.role !== 'admin') {
        // A failed counter must not cost the visitor the page.
        await repo.recordView(id, viewer).catch((error: unknown) => deps.onViewError?.(error));
      }
      return detail;
    },

    /**
     * A view of a server-rendered page (no API call of the visitor's own): counted when the listing is
     * public and not the viewer's own. Never throws: the page is already rendered.
     */
    async countPageView(id: number, viewer: Viewer): Promise<void> {
      try {
        const row = await repo.findById(id);
        if (!row || !isPublic(row) || viewer.id === `u:${row.submittedBy}`) return;
        await repo.recordView(id, viewer);
      } catch (error) {
        deps.onViewError?.(error);
      }
    },

    async create(caller: AuthUser, input: OpportunityInput): Promise<OpportunityDetail> {
      const values = await valuesFrom(input, caller.id, null);
      const id = await writing(() => repo.insert(values, caller.id));
      return loadDetail(id, caller);
    },

    async update(id: number, caller: AuthUser, input: OpportunityInput): Promise<OpportunityDetail> {
      const current = await visible(id, caller);
      if (current.submittedBy !== caller.id) throw new AppError(403, 'FORBIDDEN');
      const values = await valuesFrom(input, caller.id, current);
      await writing(() => repo.update(id, values, current.status, caller.id));
      publicChanged();
      return loadDetail(id, caller);
    },

    async remove(id: number, caller: AuthUser): Promise<void> {
      const current = await visible(id, caller);
      if (current.submittedBy !== caller.id && caller.role !== 'admin') throw new AppError(403, 'FORBIDDEN');
      await repo.remove(id, async (tx) => {
        for (const guard of removalGuards) await guard(tx, id, caller);
      });
      publicChanged();
    },

    /** Registers `guard` to run in every listing deletion's transaction (see RemovalGuard). */
    beforeRemove(guard: RemovalGuard) {
      removalGuards.push(guard);
    },

    ...moderation,

    statusHistory: (id: number) => repo.statusHistory(id),

    /** For other areas (offers, chat, advisors): the listing if the caller may see it, else 404. */
    visible,

    async mine(caller: AuthUser, query: MyOpportunitiesQuery) {
      const { rows, total } = await repo.listMine(caller.id, query);
      return paged(rows.map(toMyCard), query.page, query.pageSize, total);
    },

    /** Bookmarks: approved listings, or the caller's own; repeating either call changes nothing. */
    async addFavorite(caller: AuthUser, opportunityId: number) {
      const row = await repo.findById(opportunityId);
      if (!row || (!isPublic(row) && row.submittedBy !== caller.id)) {
        throw new AppError(404, 'NOT_FOUND');
      }
      await repo.addFavorite(caller.id, opportunityId);
    },

    async removeFavorite(caller: AuthUser, opportunityId: number) {
      await repo.removeFavorite(caller.id, opportunityId);
    },

    async favorites(caller: AuthUser, page: number, pageSize: number) {
      const { rows, total } = await repo.listFavorites(caller.id, page, pageSize);
      return paged(
        rows.map((row) => ({ ...toCard(row), underReview: row.status === 'pending' })),
        page,
        pageSize,
        total,
      );
    },
  };
}
export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;
