import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import { flattenChats, useChats } from '../api/get-chats';
import { ChatList } from '../components/chat-list';
import { ChatListMore } from '../components/chat-list-more';

/**
 * /profile/chats: the user's chats, the most recent first, a page at a time ("show more"), kept
 * current by the event stream (a new message refetches the loaded pages, moving its chat to the top).
 */
export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  const chats = useChats();
  const list = flattenChats(chats.data);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('chat.title')} | ${t('common.appName')}`}</title>
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white">
        {t('chat.title')}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('chat.subtitle')}</p>
      <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {chats.isPending ? <Spinner /> : null}
        {/* A failed next page keeps the list and says so at its foot (ChatListMore). */}
        {chats.isError && !chats.data ? (
          <div className="grid gap-3 p-6">
            <Alert variant="error" title={t('chat.loadFailed')}>
              {serverMessage(chats.error)}
            </Alert>
            <div>
              <Button variant="secondary" onClick={() => void chats.refetch()}>
                {t('chat.retry')}
              </Button>
            </div>
          </div>
        ) : null}
        {chats.data && list.length === 0 ? (
          <div className="grid justify-items-center gap-3 px-6 py-14 text-center">
            <MessagesSquare aria-hidden="true" className="size-10 text-slate-400" />
            <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('chat.empty')}</h2>
            <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">{t('chat.emptyBody')}</p>
            <Link to="/search" className={buttonClasses('primary', 'md', 'mt-2')}>
              {t('chat.browse')}
            </Link>
          </div>
        ) : null}
        {chats.data && list.length > 0 && user ? (
          <>
            <ChatList chats={list} userId={user.id} />
            <ChatListMore
              hasMore={chats.hasNextPage}
              loading={chats.isFetchingNextPage}
              failed={chats.isFetchNextPageError}
              showEnd={chats.data.pages.length > 1}
              onLoadMore={() => void chats.fetchNextPage()}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
