import { useLanguage, useTranslation } from '@/lib/use-translation';
import { Pager } from '@/components/pager';
import { Badge } from '@/components/ui/badge';
import { Field } from '@/components/ui/form-field';
import { formatDate, formatNumber } from '@/lib/format';
import { useAdminUsers } from '../api/get-users';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { ScrollRegion } from '../components/scroll-region';
import { SearchForm } from '../components/search-form';
import { UserRoleActions } from '../components/user-role-actions';
import { UserStatusActions } from '../components/user-status-actions';
import { oneOf, useQueryParams } from '../components/use-query-params';
import { Select } from '@/components/ui/select';
import { ADMIN_USER_SEARCH_MIN } from '@safqa/shared/validation/admin';

const ROLES = ['', 'owner', 'admin'] as const;
const th =
  'px-3 py-2 text-start text-xs font-bold tracking-wide text-slate-600 uppercase dark:text-slate-400';
const td = 'px-3 py-2.5 align-top';

/** /admin/users?q=&role=&page=: everyone who signed up, newest first, searchable by name, email or phone. */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { params, update, page } = useQueryParams();
  const q = params.get('q') ?? '';
  const role = oneOf(params.get('role'), ROLES);
  const users = useAdminUsers(q, role, page);

  return (
    <>
      <PageHeader title={t('admin.users.title')} description={t('admin.users.subtitle')} />
      <SearchForm
        label={t('admin.users.search')}
        value={q}
        onSearch={(next) => update({ q: next, page: null })}
        minLength={ADMIN_USER_SEARCH_MIN}
      >
        <Field label={t('admin.users.role')} className="w-40">
          {(control) => (
            <Select
              {...control}
              value={role}
              onChange={(event) => update({ role: event.target.value, page: null })}
            >
              {ROLES.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.users.roles.${value || 'all'}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </SearchForm>
      {users.isPending ? (
        <LoadingState />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.data.length === 0 ? (
        <EmptyState title={q ? t('admin.users.noResults', { q }) : t('admin.users.empty')} />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {/* Past 10,000 matches the server stops counting (totalCapped): "more than 10,000". */}
            {t(users.data.pagination.totalCapped ? 'admin.users.countCapped' : 'admin.users.count', {
              count: users.data.pagination.total,
              formatted: formatNumber(users.data.pagination.total, lng),
            })}
          </p>
          <ScrollRegion label={t('admin.users.title')}>
            <table className="w-full min-w-[46rem] text-sm" aria-busy={users.isFetching || undefined}>
              <caption className="sr-only">{t('admin.users.title')}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
                <tr>
                  <th scope="col" className={th}>
                    {t('admin.users.user')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.users.role')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.users.status')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.users.listings')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.users.joined')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.actions.label')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {users.data.data.map((user) => (
                  <tr key={user.id}>
                    <th scope="row" className={`${td} text-start font-normal`}>
                      <span className="block font-semibold text-slate-900 dark:text-white">
                        <bdi>{user.username}</bdi>
                      </span>
                      <span className="block text-slate-600 dark:text-slate-400">
                        <bdi dir="ltr">{user.email}</bdi>
                      </span>
                      {user.phoneNumber ? (
                        <span className="block text-slate-600 dark:text-slate-400">
                          <bdi dir="ltr">{user.phoneNumber}</bdi>
                        </span>
                      ) : null}
                    </th>
                    <td className={td}>
                      {t(`admin.users.roles.${user.role}`)}
                      {user.isAdvisor ? (
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          {t('admin.users.advisor')}
                        </span>
                      ) : null}
                    </td>
                    <td className={td}>
                      <span
                        className={
                          user.emailVerified
                            ? 'text-emerald-800 dark:text-emerald-300'
                            : 'text-amber-800 dark:text-amber-300'
                        }
                      >
                        {t(user.emailVerified ? 'admin.users.verified' : 'admin.users.unverified')}
                      </span>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        {t(`admin.contact.language.${user.language}`)}
                      </span>
                      <Badge tone={user.status === 'suspended' ? 'danger' : 'success'} className="mt-1">
                        {t(`admin.users.statuses.${user.status}`)}
                      </Badge>
                    </td>
                    <td className={`${td} tabular-nums`}>{formatNumber(user.opportunitiesCount, lng)}</td>
                    <td className={td}>
                      <time dateTime={user.createdAt}>{formatDate(user.createdAt, lng)}</time>
                    </td>
                    <td className={td}>
                      <div className="flex flex-wrap gap-2">
                        <UserStatusActions user={user} />
                        <UserRoleActions user={user} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            page={users.data.pagination.page}
            totalPages={users.data.pagination.totalPages}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </>
  );
}
