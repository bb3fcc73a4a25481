import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /saved-searches/unsubscribe?token= : the link at the foot of every alert email. Works without
 * signing in: the token switches that one search's alerts off, once per visit, and nothing else.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();
  const fired = useRef(false);

  useEffect(() => {
    if (!token || fired.current) return;
    fired.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:py-16">
      <title>{`${t('saved-searches.unsubscribe.title')} | ${t('common.appName')}`}</title>
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white">
        {t('saved-searches.unsubscribe.title')}
      </h1>
      {!token ? <Alert variant="error">{t('saved-searches.unsubscribe.invalid')}</Alert> : null}
      {token && (unsubscribe.isIdle || unsubscribe.isPending) ? (
        <Spinner label={t('saved-searches.unsubscribe.working')} />
      ) : null}
      {unsubscribe.isSuccess ? (
        <Alert variant="success" title={t('saved-searches.unsubscribe.done')}>
          {unsubscribe.data.message}
        </Alert>
      ) : null}
      {unsubscribe.isError ? (
        <Alert variant="error" title={t('saved-searches.unsubscribe.failed')}>
          {serverMessage(unsubscribe.error) ?? t('saved-searches.unsubscribe.invalid')}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {unsubscribe.isError ? (
          <Button variant="secondary" onClick={() => unsubscribe.mutate(token)}>
            {t('saved-searches.unsubscribe.retry')}
          </Button>
        ) : null}
        <Link to="/profile?tab=saved-searches" className={buttonClasses('primary', 'md')}>
          {t('saved-searches.unsubscribe.manage')}
        </Link>
      </div>
    </div>
  );
}
