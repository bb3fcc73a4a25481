import { useState } from 'react';
import Check from 'lucide-react/icons/check';
import FileText from 'lucide-react/icons/file-text';
import X from 'lucide-react/icons/x';
import { VERIFICATION_STATUSES, type AdminVerification } from '@safqa/shared/validation/verifications';
import { Pager } from '@/components/pager';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/form-field';
import { FileName } from '@/components/ui/file-name';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { useAdminVerifications } from '../api/get-verifications';
import { useDecideVerification } from '../api/decide-verification';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { oneOf, useQueryParams } from '../components/use-query-params';
import { VerificationRejectDialog } from '../components/verification-reject-dialog';
import { Select } from '@/components/ui/select';

/** The address's `status`: pending by default (the queue), `all` for every request. */
const STATUSES = ['pending', 'all', ...VERIFICATION_STATUSES.filter((s) => s !== 'pending')] as const;
const TONE: Record<AdminVerification['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/** /admin/verifications?status=&page=: buyers' proofs of funds and identity documents to review. */
export function Component() {
  const { t } = useTranslation();
  const { params, update, page } = useQueryParams();
  const status = oneOf(params.get('status'), STATUSES);
  const list = useAdminVerifications(status === 'all' ? '' : status, page);

  return (
    <>
      <PageHeader title={t('admin.verifications.title')} description={t('admin.verifications.subtitle')} />
      <Field label={t('admin.verifications.status')} className="w-48">
        {(control) => (
          <Select
            {...control}
            value={status}
            onChange={(event) => update({ status: event.target.value, page: null })}
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.verifications.statuses.${value}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={t('admin.verifications.empty')} />
      ) : (
        <>
          <ul className="grid gap-3" aria-busy={list.isFetching || undefined}>
            {list.data.data.map((item) => (
              <VerificationItem key={item.id} item={item} />
            ))}
          </ul>
          <Pager
            page={list.data.pagination.page}
            totalPages={list.data.pagination.totalPages}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </>
  );
}

function VerificationItem({ item }: { item: AdminVerification }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const decide = useDecideVerification();
  const [rejecting, setRejecting] = useState(false);
  const failed = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: t('admin.verifications.failed'),
      description: serverMessage(error) ?? undefined,
    });

  return (
    <Card as="li" className="grid gap-2 p-4 text-sm" data-testid="admin-verification">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-bold text-slate-900 dark:text-white">
          <bdi>{item.user.username}</bdi>{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400" dir="ltr">
            {item.user.email}
          </span>
        </p>
        <Badge tone={TONE[item.status]}>{t(`admin.verifications.statuses.${item.status}`)}</Badge>
      </div>
      <p className="text-slate-700 dark:text-slate-300">
        {t(`admin.verifications.kinds.${item.kind}`)} · {formatDateTime(item.createdAt, lng)} ·{' '}
        <span className="whitespace-nowrap">
          {t('admin.verifications.size', { size: formatNumber(Math.ceil(item.size / 1024), lng) })}
        </span>
      </p>
      {item.note ? (
        <p dir="auto" className="break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">
          {item.note}
        </p>
      ) : null}
      {item.rejectionReason ? (
        <p className="text-red-800 dark:text-red-300">
          {t('admin.verifications.rejectedFor')} <span dir="auto">{item.rejectionReason}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {item.file ? (
          <a
            href={item.file.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('secondary', 'sm')}
          >
            <FileText aria-hidden="true" className="size-4" />
            {/* The name apart from the sentence, so its extension keeps its place (file-name.tsx). */}
            <span>
              {t('admin.verifications.openFile')} <FileName name={item.fileName} />
            </span>
          </a>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">{t('admin.verifications.fileRemoved')}</span>
        )}
        {item.status === 'pending' ? (
          <>
            <Button
              size="sm"
              disabled={decide.isPending}
              aria-busy={decide.isPending || undefined}
              onClick={() =>
                decide.mutate(
                  { id: item.id, status: 'approved' },
                  {
                    onSuccess: () => toast({ title: t('admin.verifications.approved') }),
                    onError: failed,
                  },
                )
              }
            >
              {decide.isPending ? <SpinnerIcon /> : <Check aria-hidden="true" className="size-4" />}
              {t('admin.verifications.approve')}
            </Button>
            <Button variant="destructive" size="sm" aria-haspopup="dialog" onClick={() => setRejecting(true)}>
              <X aria-hidden="true" className="size-4" />
              {t('admin.verifications.reject')}
            </Button>
          </>
        ) : null}
      </div>
      {rejecting ? (
        <VerificationRejectDialog
          username={item.user.username}
          onClose={() => setRejecting(false)}
          onSubmit={async (reason) => {
            try {
              await decide.mutateAsync({ id: item.id, status: 'rejected', reason });
              toast({ title: t('admin.verifications.rejected') });
            } catch (error) {
              failed(error);
              throw error;
            }
          }}
        />
      ) : null}
    </Card>
  );
}
