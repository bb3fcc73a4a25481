import { useLanguage, useTranslation } from '@/lib/use-translation';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Clock from 'lucide-react/icons/clock';
import HandCoins from 'lucide-react/icons/hand-coins';
import MessagesSquare from 'lucide-react/icons/messages-square';
import OctagonPause from 'lucide-react/icons/octagon-pause';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Users from 'lucide-react/icons/users';
import { formatNumber } from '@/lib/format';
import { useAdminStats } from '../api/get-stats';
import { ChartCard } from '../components/chart-card';
import { ErrorState, LoadingState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { StatCard } from '../components/stat-card';
import { TopList } from '../components/top-pages';

/** /admin: the counts, three 30-day charts and the most viewed pages. */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const stats = useAdminStats();
  const n = (value: number) => formatNumber(value, lng);

  return (
    <>
      <PageHeader title={t('admin.dashboard.title')} description={t('admin.dashboard.subtitle')} />
      {stats.isPending ? (
        <LoadingState />
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <section aria-labelledby="dashboard-counts" className="grid gap-3">
            <h2 id="dashboard-counts" className="sr-only">
              {t('admin.dashboard.counts')}
            </h2>
            <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
              <StatCard
                icon={Users}
                label={t('admin.dashboard.users')}
                value={n(stats.data.users.total)}
                to="/admin/users"
                detail={t('admin.dashboard.usersDetail', {
                  admins: n(stats.data.users.admins),
                  advisors: n(stats.data.users.advisors),
                })}
              />
              <StatCard icon={HandCoins} label={t('admin.dashboard.offers')} value={n(stats.data.offers)} />
              <StatCard
                icon={MessagesSquare}
                label={t('admin.dashboard.chats')}
                value={n(stats.data.chats)}
              />
              <StatCard
                icon={TriangleAlert}
                label={t('admin.dashboard.unresolvedErrors')}
                value={n(stats.data.unresolvedErrors)}
                to="/admin/error-logs?tab=list&resolved=unresolved"
                tone={stats.data.unresolvedErrors > 0 ? 'warning' : 'default'}
              />
              <StatCard
                icon={Clock}
                label={t('admin.status.pending')}
                value={n(stats.data.opportunities.pending)}
                to="/admin/opportunities?status=pending"
                tone={stats.data.opportunities.pending > 0 ? 'warning' : 'default'}
              />
              <StatCard
                icon={CircleCheck}
                label={t('admin.status.approved')}
                value={n(stats.data.opportunities.approved)}
                to="/admin/opportunities?status=approved"
              />
              <StatCard
                icon={OctagonPause}
                label={t('admin.status.suspended')}
                value={n(stats.data.opportunities.suspended)}
                to="/admin/opportunities?status=suspended"
              />
              <StatCard
                icon={CircleX}
                label={t('admin.status.rejected')}
                value={n(stats.data.opportunities.rejected)}
                to="/admin/opportunities?status=rejected"
              />
            </div>
          </section>
          <section aria-labelledby="dashboard-charts" className="grid gap-4">
            <h2 id="dashboard-charts" className="text-lg font-bold text-slate-900 dark:text-white">
              {t('admin.dashboard.last30')}
            </h2>
            <ChartCard
              title={t('admin.dashboard.pageViews')}
              label={t('admin.dashboard.views')}
              series={stats.data.pageViews}
            />
            <div className="grid gap-4 xl:grid-cols-2">
              <ChartCard
                title={t('admin.dashboard.signUps')}
                label={t('admin.dashboard.signUpsLabel')}
                series={stats.data.signUps}
                variant="bar"
                color="#4f46e5"
              />
              <ChartCard
                title={t('admin.dashboard.newListings')}
                label={t('admin.dashboard.newListingsLabel')}
                series={stats.data.newListings}
                variant="bar"
                color="#b45309"
              />
            </div>
            <TopList
              title={t('admin.dashboard.topPages')}
              rows={stats.data.topPages.map((p) => ({ name: p.path, count: p.count }))}
              empty={t('admin.dashboard.noViews')}
            />
          </section>
        </>
      )}
    </>
  );
}
