import { useState } from 'react';
import { useLocation } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import Plus from 'lucide-react/icons/plus';
import { LOOKUP_KINDS, type AdminLookup, type LookupKind } from '@safqa/shared/validation/lookups';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useDeleteLookup } from '../api/delete-lookup';
import { useAdminLookups } from '../api/get-lookups';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { LookupFormDialog } from '../components/lookup-form-dialog';
import { LookupTable } from '../components/lookup-table';
import { PageHeader } from '../components/page-header';
import { useQueryParams } from '../components/use-query-params';
import { Select } from '@/components/ui/select';

/**
 * /admin/{business-types|regions|cities|company-ages|company-sizes|share-percentages}: one lookup
 * list (the kind is the last part of the path): add, edit, delete after a confirmation. Cities can
 * be narrowed to a region (?regionId=).
 */
export function Component() {
  const { pathname } = useLocation();
  const kind = LOOKUP_KINDS.find((k) => pathname.endsWith(`/${k}`)) ?? 'business-types';
  // A new kind is a new page: no form or dialog state carries over.
  return <LookupsPage key={kind} kind={kind} />;
}

function LookupsPage({ kind }: { kind: LookupKind }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const list = useAdminLookups(kind);
  const regions = useAdminLookups('regions');
  const remove = useDeleteLookup(kind);
  const { params, update } = useQueryParams();
  const [editing, setEditing] = useState<AdminLookup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminLookup | null>(null);

  const regionFilter = kind === 'cities' ? Number(params.get('regionId')) || undefined : undefined;
  const regionList = kind === 'cities' ? (regions.data ?? []) : [];
  const regionName = (id: number | undefined) => {
    const region = regionList.find((r) => r.id === id);
    return region ? (lng === 'en' ? region.nameEN : region.nameAR) : '';
  };
  const items = (list.data ?? []).filter((item) => !regionFilter || item.regionId === regionFilter);
  const nameOf = (item: AdminLookup) => (lng === 'en' ? item.nameEN : item.nameAR);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: t('admin.lookups.deleted', { name: nameOf(deleting) }), size: 'sm' });
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: t('admin.lookups.deleteFailed'),
        description:
          isApiError(failure) && failure.code === 'IN_USE'
            ? t('admin.lookups.inUse')
            : (serverMessage(failure) ?? undefined),
      });
    } finally {
      setDeleting(null);
    }
  };

  const singular = t(`admin.lookups.${kind}.singular`);
  return (
    <>
      <PageHeader
        title={t(`admin.lookups.${kind}.title`)}
        description={t(`admin.lookups.${kind}.description`)}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('admin.lookups.add', { name: singular })}
          </Button>
        }
      />
      {kind === 'cities' ? (
        <Field label={t('admin.lookups.filterByRegion')} className="max-w-xs">
          {(control) => (
            <Select
              {...control}
              value={regionFilter ?? ''}
              onChange={(event) => update({ regionId: event.target.value || null })}
            >
              <option value="">{t('admin.lookups.allRegions')}</option>
              {regionList.map((region) => (
                <option key={region.id} value={region.id}>
                  {nameOf(region)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={t('admin.lookups.empty')}
          hint={t('admin.lookups.emptyHint', { name: singular })}
        />
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
            {t('admin.lookups.count', { count: items.length, formatted: formatNumber(items.length, lng) })}
          </p>
          <LookupTable
            kind={kind}
            items={items}
            regionName={regionName}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        </>
      )}
      {editing ? (
        <LookupFormDialog
          kind={kind}
          item={editing === 'new' ? null : editing}
          regions={regionList}
          defaultRegionId={regionFilter}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('admin.lookups.deleteTitle', { name: singular })}
        description={deleting ? t('admin.lookups.deleteBody', { name: nameOf(deleting) }) : ''}
        confirmLabel={t('admin.actions.delete')}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
        blocked={
          deleting && (deleting.usageCount ?? 0) > 0
            ? t('admin.lookups.inUseCount', {
                count: deleting.usageCount,
                formatted: formatNumber(deleting.usageCount ?? 0, lng),
              })
            : undefined
        }
      />
    </>
  );
}
