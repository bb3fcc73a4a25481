import { useTranslation } from '@/lib/use-translation';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Field } from '@/components/ui/form-field';
import type { ErrorLogRange, ResolvedFilter } from '../api/get-error-logs';
import { ErrorLogList } from '../components/error-log-list';
import { ErrorLogStatsView } from '../components/error-log-stats';
import { PageHeader } from '../components/page-header';
import { RangePicker } from '../components/range-picker';
import { oneOf, useQueryParams } from '../components/use-query-params';
import { Select } from '@/components/ui/select';

const TABS = ['stats', 'list'] as const;
const RESOLVED = ['all', 'unresolved', 'resolved'] as const;
const RANGES = ['7', '14', '30'] as const;

/** /admin/error-logs?tab=stats|list&days=7|14|30&resolved=&page=: the stats and list tabs over one range. */
export function Component() {
  const { t } = useTranslation();
  const { params, update, page } = useQueryParams();
  const tab = oneOf(params.get('tab'), TABS);
  const days = Number(oneOf(params.get('days'), RANGES)) as ErrorLogRange;
  const resolved = oneOf<ResolvedFilter>(params.get('resolved'), RESOLVED);

  return (
    <>
      <PageHeader
        title={t('admin.errors.title')}
        description={t('admin.errors.subtitle')}
        actions={<RangePicker value={days} onChange={(next) => update({ days: next, page: null })} />}
      />
      <Tabs value={tab} onValueChange={(next) => update({ tab: next, page: null })} className="grid gap-4">
        <TabsList aria-label={t('admin.errors.tabs')} className="inline-flex justify-self-start">
          <TabsTrigger value="stats">{t('admin.errors.statsTab')}</TabsTrigger>
          <TabsTrigger value="list">{t('admin.errors.listTab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="stats">
          <ErrorLogStatsView days={days} />
        </TabsContent>
        <TabsContent value="list" className="grid gap-4">
          <Field label={t('admin.errors.filter')} className="max-w-xs">
            {(control) => (
              <Select
                {...control}
                value={resolved}
                onChange={(event) =>
                  update({ resolved: event.target.value === 'all' ? null : event.target.value, page: null })
                }
              >
                {RESOLVED.map((value) => (
                  <option key={value} value={value}>
                    {t(`admin.errors.filters.${value}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <ErrorLogList
            days={days}
            resolved={resolved}
            page={page}
            onPage={(next) => update({ page: next })}
          />
        </TabsContent>
      </Tabs>
    </>
  );
}
