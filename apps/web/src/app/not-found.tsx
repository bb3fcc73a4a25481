import { useTranslation } from '@/lib/use-translation';
import { UnavailableNotice } from '@/components/unavailable-notice';
import type { PageHandle } from '@/lib/page-handle';

/** Any address no route claims: rendered on the server with status 404. */
export const notFoundHandle: PageHandle = {
  ssr: true,
  prefetch: async () => ({ status: 404 }),
  head: ({ t }) => ({
    title: `${t('common.notFound.title')} | ${t('common.appName')}`,
    description: t('common.notFound.body'),
  }),
};

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <UnavailableNotice
      mark="404"
      title={t('common.notFound.title')}
      body={t('common.notFound.body')}
      to="/"
      action={t('common.notFound.home')}
    />
  );
}
