import { useState } from 'react';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import Check from 'lucide-react/icons/check';
import Ban from 'lucide-react/icons/ban';
import X from 'lucide-react/icons/x';
import {
  ACCESS_REQUEST_STATUSES,
  ACCESS_TRANSITIONS,
  type AccessDecision,
  type AccessRequest,
  type AccessRequestStatus,
} from '@safqa/shared/validation/data-room';
import { ErrorState, RowsSkeleton } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useAreas } from '@/lib/use-areas';
import { useDecideAccessRequest } from '../api/decide-access-request';
import { useListingAccessRequests } from '../api/get-listing-access-requests';
import { AccessStatusBadge } from './access-status-badge';
import { ConfidentialDocuments, type OwnedConfidentialDocument } from './confidential-documents';
import { DownloadsLog } from './downloads-log';
import { Pager } from '@/components/pager';
import { VerifiedBuyerBadge } from '@/components/verified-buyer-badge';
import { Select } from '@/components/ui/select';

const ACTION_ICONS = { approved: Check, declined: X, revoked: Ban } as const;
const ACTION_LABELS = { approved: 'approve', declined: 'decline', revoked: 'revoke' } as const;

/** Approve / decline / revoke, as far as the request's status allows (ACCESS_TRANSITIONS). */
export function DecisionButtons({ request }: { request: AccessRequest }) {
  const { t } = useTranslation();
  const decide = useDecideAccessRequest();
  const busy = decide.isPending ? decide.variables?.status : undefined;
  const onDecide = (status: AccessDecision) =>
    decide.mutate(
      { requestId: request.id, opportunityId: request.opportunityId, status },
      {
        onSuccess: () => toast({ title: t('data-room.owner.decided') }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('data-room.owner.decideFailed'),
            description: serverMessage(error) ?? undefined,
          }),
      },
    );
  const options = ACCESS_TRANSITIONS[request.status] as readonly AccessDecision[];
  return (
    <div className="flex flex-wrap gap-2">
      {options.map((status) => {
        const Icon = ACTION_ICONS[status];
        return (
          <Button
            key={status}
            size="sm"
            variant={status === 'approved' ? 'primary' : 'secondary'}
            onClick={() => onDecide(status)}
            disabled={decide.isPending}
            aria-busy={busy === status || undefined}
            aria-label={`${t(`data-room.owner.${ACTION_LABELS[status]}`)}: ${request.requester.username}`}
          >
            {busy === status ? <SpinnerIcon /> : <Icon aria-hidden="true" className="size-4" />}
            {t(`data-room.owner.${ACTION_LABELS[status]}`)}
          </Button>
        );
      })}
    </div>
  );
}

function RequestItem({ request }: { request: AccessRequest }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <li
      className="grid gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-800"
      data-request-id={request.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-bold text-slate-900 dark:text-white" dir="auto">
            {request.requester.username}
          </span>
          {request.requester.buyerVerified ? <VerifiedBuyerBadge /> : null}
        </p>
        <AccessStatusBadge status={request.status} />
      </div>
      <p
        dir="auto"
        className="rounded-lg bg-slate-50 p-2.5 text-sm whitespace-pre-wrap text-slate-800 dark:bg-slate-800/60 dark:text-slate-200"
      >
        {request.message}
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={request.createdAt}>
          {t('data-room.owner.requestedOn', { date: formatDateTime(request.createdAt, lng) })}
        </time>
        {request.decidedAt ? (
          <>
            {' · '}
            <time dateTime={request.decidedAt}>
              {t('data-room.owner.decidedOn', { date: formatDateTime(request.decidedAt, lng) })}
            </time>
          </>
        ) : null}
      </p>
      <DecisionButtons request={request} />
    </li>
  );
}

/**
 * The owner's side of a listing's data room, on the listing page: requests with the requester's
 * message and the decisions their status allows, the confidential documents themselves (added and
 * removed here, the listing staying live), then the downloads log.
 */
export function OwnerDataRoom({
  opportunityId,
  confidentialCount,
  documents = [],
}: {
  opportunityId: number;
  confidentialCount: number;
  /** The listing's confidential documents as the owner sees them (with their ids). */
  documents?: OwnedConfidentialDocument[];
}) {
  const ready = useAreas(['data-room']);
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<AccessRequestStatus | ''>('');
  const requests = useListingAccessRequests(opportunityId, page, status || undefined);
  if (!ready) return null;

  return (
    <section
      id="data-room"
      aria-labelledby="owner-data-room-title"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="grid gap-1">
        <h2 id="owner-data-room-title" className="text-lg font-bold text-slate-900 dark:text-white">
          {t('data-room.owner.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {confidentialCount > 0 ? t('data-room.owner.hint') : t('data-room.owner.noConfidential')}
        </p>
      </div>
      <label className="grid gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('data-room.owner.filter')}
        <Select
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as AccessRequestStatus | '');
            setPage(1);
          }}
        >
          <option value="">{t('data-room.owner.all')}</option>
          {ACCESS_REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`data-room.status.${s}`)}
            </option>
          ))}
        </Select>
      </label>
      {requests.isPending ? <RowsSkeleton rows={2} /> : null}
      {requests.isError ? (
        <ErrorState
          error={requests.error}
          title={t('data-room.owner.loadFailed')}
          onRetry={() => void requests.refetch()}
        />
      ) : null}
      {requests.data && requests.data.data.length === 0 ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {status ? t('data-room.owner.emptyFiltered') : t('data-room.owner.empty')}
        </p>
      ) : null}
      {requests.data?.data.length ? (
        <ul className="grid gap-3" aria-label={t('data-room.owner.title')}>
          {requests.data.data.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </ul>
      ) : null}
      {requests.data ? (
        <Pager page={page} totalPages={requests.data.pagination.totalPages} onPage={setPage} />
      ) : null}
      <ConfidentialDocuments opportunityId={opportunityId} documents={documents} />
      <DownloadsLog opportunityId={opportunityId} />
    </section>
  );
}
