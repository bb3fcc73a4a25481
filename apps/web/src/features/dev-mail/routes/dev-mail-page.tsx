import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useDevMail } from '../api/get-dev-mail';
import { MailList } from '../components/mail-list';
import { MailView } from '../components/mail-view';

/**
 * /dev/mail: the development mail catcher (API.md). The recipient filter (?to=) and the open message
 * (?id=) live in the address, so a link to one email can be shared; the newest message opens when
 * none is chosen.
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const to = params.get('to')?.trim() ?? '';
  const [draft, setDraft] = useState(to);
  const mail = useDevMail(to);

  const messages = mail.data ?? [];
  const chosen = Number(params.get('id'));
  const selected = messages.find((m) => m.id === chosen) ?? messages[0] ?? null;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    update({ to: draft.trim() || null, id: null });
  };
  const clearFilter = () => {
    setDraft('');
    update({ to: null, id: null });
  };

  return (
    <>
      <title>{`${t('dev-mail.title')} | ${t('common.appName')}`}</title>
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
        <header className="grid gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 dark:text-white">
            {t('dev-mail.title')}
          </h1>
          <p className="max-w-3xl text-slate-600 dark:text-slate-300">{t('dev-mail.subtitle')}</p>
        </header>

        <form role="search" onSubmit={onFilter} className="flex flex-wrap items-end gap-3">
          <Field label={t('dev-mail.filterLabel')} className="min-w-64 flex-1 sm:max-w-md">
            {(control) => (
              <Input
                {...control}
                type="email"
                dir="ltr"
                value={draft}
                placeholder={t('dev-mail.filterPlaceholder')}
                onChange={(event) => setDraft(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit">{t('dev-mail.filter')}</Button>
          {to ? (
            <Button variant="secondary" onClick={clearFilter}>
              {t('dev-mail.clearFilter')}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => void mail.refetch()} disabled={mail.isFetching}>
            <RefreshCw aria-hidden="true" className={mail.isFetching ? 'size-4 animate-spin' : 'size-4'} />
            {t('dev-mail.refresh')}
          </Button>
        </form>

        {mail.isPending ? (
          <Spinner label={t('dev-mail.loading')} />
        ) : mail.isError ? (
          <Alert variant="error" title={t('dev-mail.failedTitle')}>
            <p>
              {isApiError(mail.error) && mail.error.status === 404
                ? t('dev-mail.unavailable')
                : t('dev-mail.failed')}
            </p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void mail.refetch()}>
              {t('dev-mail.retry')}
            </Button>
          </Alert>
        ) : messages.length === 0 ? (
          <div
            role="status"
            className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
          >
            <p className="font-semibold text-slate-900 dark:text-slate-100">
              {to ? t('dev-mail.emptyFor', { to }) : t('dev-mail.empty')}
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('dev-mail.emptyHint')}</p>
          </div>
        ) : (
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(18rem,1fr)_2fr]">
            <section className="grid min-w-0 gap-3">
              <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
                {t('dev-mail.count', { count: messages.length })}
              </p>
              <MailList
                messages={messages}
                selectedId={selected?.id ?? null}
                onSelect={(id) => update({ id: String(id) })}
              />
            </section>
            {selected ? (
              <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-950">
                <MailView message={selected} />
              </section>
            ) : null}
          </div>
        )}
      </div>
    </>
  );
}
