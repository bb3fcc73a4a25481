import { useLanguage, useTranslation } from '@/lib/use-translation';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import type { AdminLookup, LookupKind } from '@safqa/shared/validation/lookups';
import { Button } from '@/components/ui/button';
import { formatNumber, formatPercent } from '@/lib/format';
import { ScrollRegion } from './scroll-region';

const th =
  'px-3 py-2 text-start text-xs font-bold tracking-wide text-slate-600 uppercase dark:text-slate-400';
const td = 'px-3 py-2.5 align-middle';

/** One lookup list as a table: order, both names, region or value where the kind has one, usage. */
export function LookupTable({
  kind,
  items,
  regionName,
  onEdit,
  onDelete,
}: {
  kind: LookupKind;
  items: AdminLookup[];
  regionName: (id: number | undefined) => string;
  onEdit: (item: AdminLookup) => void;
  onDelete: (item: AdminLookup) => void;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <ScrollRegion label={t(`admin.lookups.${kind}.title`)}>
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{t(`admin.lookups.${kind}.title`)}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
          <tr>
            <th scope="col" className={th}>
              {t('admin.lookups.sortOrderShort')}
            </th>
            <th scope="col" className={th}>
              {t('admin.lookups.nameAR')}
            </th>
            <th scope="col" className={th}>
              {t('admin.lookups.nameEN')}
            </th>
            {kind === 'cities' ? (
              <th scope="col" className={th}>
                {t('admin.lookups.region')}
              </th>
            ) : null}
            {kind === 'share-percentages' ? (
              <th scope="col" className={th}>
                {t('admin.lookups.value')}
              </th>
            ) : null}
            <th scope="col" className={th}>
              {t('admin.lookups.usage')}
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">{t('admin.actions.label')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((item) => (
            <tr key={item.id}>
              <td className={`${td} tabular-nums text-slate-600 dark:text-slate-400`}>
                {formatNumber(item.sortOrder ?? 0, lng)}
              </td>
              <th scope="row" lang="ar" dir="rtl" className={`${td} text-start font-semibold`}>
                {item.nameAR}
              </th>
              <td lang="en" className={td}>
                <bdi dir="ltr">{item.nameEN}</bdi>
              </td>
              {kind === 'cities' ? <td className={td}>{regionName(item.regionId)}</td> : null}
              {kind === 'share-percentages' ? (
                <td className={`${td} tabular-nums`}>{formatPercent(item.value, lng)}</td>
              ) : null}
              <td className={`${td} tabular-nums`}>{formatNumber(item.usageCount ?? 0, lng)}</td>
              <td className={td}>
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onEdit(item)}
                    aria-label={t('admin.actions.editNamed', {
                      name: lng === 'en' ? item.nameEN : item.nameAR,
                    })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    <span className="hidden sm:inline">{t('admin.actions.edit')}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
                    onClick={() => onDelete(item)}
                    aria-label={t('admin.actions.deleteNamed', {
                      name: lng === 'en' ? item.nameEN : item.nameAR,
                    })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="hidden sm:inline">{t('admin.actions.delete')}</span>
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
