import { useTranslation } from '@/lib/use-translation';
import * as Tabs from 'radix-ui/tabs';
import { Field, controlClasses } from '@/components/ui/form-field';
import type { ErrorLogRange, ResolvedFilter } from '../api/get-error-logs';
import { ErrorLogList } from '../components/error-log-list';
import { ErrorLogStatsView } from '../components/error-log-stats';
import { PageHeader } from '../components/page-header';
import { RangePicker } from '../components/range-picker';
import { oneOf, useQueryParams } from '../components/use-query-params';

const TABS = ['stats', 'list'] as const;
const RESOLVED = ['all', 'unresolved', 'resolved'] as const;
const RANGES = ['7', '14', '30'] as const;

const tabClasses =
  'inline-flex h-10 items-center rounded-lg px-4 text-sm font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:bg-brand-700 data-[state=active]:text-white dark:text-slate-300 dark:data-[state=active]:bg-brand-500 dark:data-[state=active]:text-slate-950';

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
      <Tabs.Root
        value={tab}
        onValueChange={(next) => update({ tab: next, page: null })}
        className="grid gap-4"
      >
        <Tabs.List
          aria-label={t('admin.errors.tabs')}
          className="inline-flex gap-1 justify-self-start rounded-xl bg-slate-100 p-1 dark:bg-slate-900"
        >
          <Tabs.Trigger value="stats" className={tabClasses}>
            {t('admin.errors.statsTab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="list" className={tabClasses}>
            {t('admin.errors.listTab')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="stats">
          <ErrorLogStatsView days={days} />
        </Tabs.Content>
        <Tabs.Content value="list" className="grid gap-4">
          <Field label={t('admin.errors.filter')} className="max-w-xs">
            {(control) => (
              <select
                {...control}
                className={controlClasses}
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
              </select>
            )}
          </Field>
          <ErrorLogList
            days={days}
            resolved={resolved}
            page={page}
            onPage={(next) => update({ page: next })}
          />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
