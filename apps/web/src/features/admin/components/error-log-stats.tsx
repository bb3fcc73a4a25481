import { useLanguage, useTranslation } from '@/lib/use-translation';
import CircleAlert from 'lucide-react/icons/circle-alert';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { formatNumber } from '@/lib/format';
import { useErrorLogStats } from '../api/get-error-log-stats';
import type { ErrorLogRange } from '../api/get-error-logs';
import { ChartCard } from './chart-card';
import { ErrorState, LoadingState } from './list-states';
import { StatCard } from './stat-card';
import { TopList } from './top-pages';

/** The stats tab: total and unresolved of the range, a chart per day and the endpoints failing most. */
export function ErrorLogStatsView({ days }: { days: ErrorLogRange }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const stats = useErrorLogStats(days);
  if (stats.isPending) return <LoadingState />;
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />;
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <StatCard
          icon={CircleAlert}
          label={t('admin.errors.total')}
          value={formatNumber(stats.data.total, lng)}
        />
        <StatCard
          icon={TriangleAlert}
          label={t('admin.errors.unresolved')}
          value={formatNumber(stats.data.unresolved, lng)}
          tone={stats.data.unresolved > 0 ? 'warning' : 'default'}
          to="?tab=list&resolved=unresolved"
        />
      </div>
      <ChartCard
        title={t('admin.errors.perDay', { count: days })}
        label={t('admin.errors.errors')}
        series={stats.data.byDay}
        variant="bar"
        color="#b91c1c"
      />
      <TopList
        title={t('admin.errors.topEndpoints')}
        rows={stats.data.topEndpoints.map((e) => ({ name: e.endpoint, count: e.count }))}
        empty={t('admin.errors.none')}
      />
    </div>
  );
}
