import { useState } from 'react';
import { Link } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import type { AdminReport } from '@safqa/shared/validation/reports';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { localized } from '@/lib/localized';
import { ReportDecisionDialog } from './report-decision-dialog';

const linkClasses = 'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';

/** What was reported, with a link to where an admin can look at it. */
function TargetSummary({ report }: { report: AdminReport }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { opportunity, user, message } = report.target;
  if (report.targetType === 'opportunity') {
    if (!opportunity) return <p>{t('admin.reports.targetGone')}</p>;
    return (
      <p className="flex flex-wrap items-center gap-2">
        <Link to={`/admin/opportunities/${opportunity.id}`} className={linkClasses}>
          <bdi>{localized(opportunity.titleAr, opportunity.title, lng)}</bdi>
        </Link>
        <Badge tone={opportunity.status === 'approved' ? 'success' : 'warning'}>
          {t(`admin.status.${opportunity.status}`, { defaultValue: opportunity.status })}
        </Badge>
      </p>
    );
  }
  if (report.targetType === 'user') {
    if (!user) return <p>{t('admin.reports.targetGone')}</p>;
    return (
      <p className="flex flex-wrap items-center gap-2">
        <Link to={`/admin/users?q=${encodeURIComponent(user.username)}`} className={linkClasses}>
          <bdi>{user.username}</bdi>
        </Link>
        <Badge tone={user.status === 'suspended' ? 'danger' : 'success'}>
          {t(`admin.users.statuses.${user.status}`)}
        </Badge>
      </p>
    );
  }
  if (!message) return <p>{t('admin.reports.targetGone')}</p>;
  return (
    <div className="grid gap-1">
      <blockquote className="border-s-4 border-slate-300 ps-3 text-slate-800 dark:border-slate-600 dark:text-slate-200">
        <bdi>{message.excerpt}</bdi>
      </blockquote>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('admin.reports.messageFrom')} <bdi>{message.sender.username}</bdi> ·{' '}
        <Link to={`/admin/opportunities/${message.opportunity.id}`} className={linkClasses}>
          <bdi>{localized(message.opportunity.titleAr, message.opportunity.title, lng)}</bdi>
        </Link>
        {message.removed ? (
          <Badge tone="danger" className="ms-2">
            {t('admin.reports.removed')}
          </Badge>
        ) : null}
      </p>
    </div>
  );
}

/** One report: what, why, who and when; Resolve and Dismiss while it is open, the decision after. */
export function ReportCard({ report }: { report: AdminReport }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [deciding, setDeciding] = useState<'resolved' | 'dismissed' | null>(null);
  return (
    <Card as="article" className="grid gap-3 p-4 shadow-sm" aria-labelledby={`report-${report.id}`}>
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={`report-${report.id}`} className="font-bold text-slate-900 dark:text-white">
          {t(`admin.reports.targets.${report.targetType}`)}
        </h3>
        <Badge tone="warning">{t(`admin.reports.reasons.${report.reason}`)}</Badge>
        <span className="ms-auto text-sm text-slate-600 dark:text-slate-400">
          <time dateTime={report.createdAt}>{formatDateTime(report.createdAt, lng)}</time>
        </span>
      </header>
      <TargetSummary report={report} />
      <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">
        <span className="font-semibold">
          {t('admin.reports.by')} <bdi>{report.reporter.username}</bdi>:
        </span>{' '}
        <bdi>{report.details}</bdi>
      </p>
      {report.status === 'open' ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDeciding('resolved')}>
            {t('admin.reports.resolve')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDeciding('dismissed')}>
            {t('admin.reports.dismiss')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t(`admin.reports.decided.${report.status}`, {
            action: t(`admin.reports.actions.${report.action ?? 'none'}`),
            name: report.decidedBy?.username ?? '',
          })}
          {report.note ? (
            <>
              {' '}
              <bdi>{report.note}</bdi>
            </>
          ) : null}
        </p>
      )}
      {deciding ? (
        <ReportDecisionDialog report={report} decision={deciding} onClose={() => setDeciding(null)} />
      ) : null}
    </Card>
  );
}
