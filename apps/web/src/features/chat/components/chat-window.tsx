import { useDealOfChat } from '@/lib/deal-of-chat';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { BlockUserButton } from '@/components/block-user-button';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Badge } from '@/components/ui/badge';
import { VerifiedBuyerBadge } from '@/components/verified-buyer-badge';
import { isApiError, isRetryLater, serverMessage } from '@/lib/api-client';
import { useChat } from '../api/get-chat';
import {
  flattenMessages,
  messagesKey,
  useMessages,
  withReadMarks,
  type MessagesData,
} from '../api/get-messages';
import { markReadAndSync } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

function ChatProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = isApiError(error) ? error.status : 0;
  const [title, body] =
    status === 404
      ? [t('chat.notFound'), t('chat.notFoundBody')]
      : status === 403
        ? [t('chat.forbidden'), t('chat.forbiddenBody')]
        : [t('chat.loadMessagesFailed'), serverMessage(error)];
  return (
    <div className="grid gap-4 p-6">
      <Alert variant="error" title={title}>
        {body}
      </Alert>
      <div className="flex flex-wrap gap-2">
        {status !== 404 && status !== 403 ? (
          <Button variant="secondary" onClick={onRetry}>
            {t('chat.retry')}
          </Button>
        ) : null}
        <Link to="/profile/chats" className={buttonClasses('secondary')}>
          {t('chat.back')}
        </Link>
      </div>
    </div>
  );
}

/**
 * One conversation: who and what it is about, the history (paged upward), live arrivals and read
 * marks, and the composer. Messages from the other side are marked read while the page is visible.
 */
export function ChatWindow({ chatId, userId }: { chatId: number; userId: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const client = useQueryClient();
  const navigate = useNavigate();
  const chat = useChat(chatId);
  const history = useMessages(chatId, !chat.isError);
  const deal = useDealOfChat(chat.data?.chat.opportunity.id, chat.data?.chat.otherUser.id);
  const send = useSendMessage(chatId);
  const messages = flattenMessages(history.data);
  const latestUnread = messages.findLast((m) => m.senderId !== userId && m.readAt === null)?.id;
  const marking = useRef(false);

  useEffect(() => {
    if (latestUnread === undefined) return;
    const markRead = () => {
      if (document.visibilityState !== 'visible' || marking.current) return;
      marking.current = true;
      markReadAndSync(client, chatId)
        .then(() => {
          client.setQueryData<MessagesData>(messagesKey(chatId), (data) =>
            withReadMarks(data, userId, new Date().toISOString(), latestUnread),
          );
        })
        .catch((error: unknown) => console.error('Could not mark the chat read', error))
        .finally(() => {
          marking.current = false;
        });
    };
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [latestUnread, chatId, client, userId]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const problem = chat.error ?? history.error;
  if (problem && !(history.data && chat.data)) {
    return (
      <ChatProblem error={problem} onRetry={() => void Promise.all([chat.refetch(), history.refetch()])} />
    );
  }
  if (!chat.data || !history.data) return <Spinner className="flex-1" />;

  const { otherUser, opportunity, kind } = chat.data.chat;
  const opportunityName = lng === 'ar' ? opportunity.opportunityNameAr : opportunity.opportunityName;
  return (
    <>
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-3 sm:px-5 dark:border-slate-800">
        <Link
          to="/profile/chats"
          className={buttonClasses('ghost', 'icon', 'shrink-0')}
          aria-label={t('chat.back')}
          title={t('chat.back')}
        >
          <ArrowRight aria-hidden="true" className="size-5 ltr:rotate-180" />
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-lg font-bold text-slate-900 dark:text-white" dir="auto">
              {otherUser.username}
            </h1>
            {kind !== 'listing' ? (
              <Badge tone="info" className="shrink-0">
                {t(`chat.${kind}`)}
              </Badge>
            ) : null}
            {otherUser.buyerVerified ? <VerifiedBuyerBadge /> : null}
          </div>
          <Link
            to={`/opportunities/${opportunity.id}`}
            className="block truncate text-sm text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
          >
            {t('chat.about', { name: opportunityName })}
          </Link>
          {deal.data ? (
            <Link
              to={`/deals/${deal.data.id}`}
              className="block truncate text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {t('chat.deal')}
            </Link>
          ) : null}
        </div>
        <BlockUserButton
          userId={otherUser.id}
          username={otherUser.username}
          onBlocked={() => void navigate('/profile/chats')}
        />
      </header>
      <MessageList
        messages={messages}
        userId={userId}
        otherName={otherUser.username}
        hasOlder={hasNextPage}
        loadingOlder={isFetchingNextPage}
        onLoadOlder={loadOlder}
      />
      {send.isError ? (
        <div className="px-3 pt-3 sm:px-5">
          <Alert variant="error" title={t('chat.sendFailed')}>
            {(isApiError(send.error) && (send.error.status === 400 || send.error.code === 'BLOCKED')) ||
            isRetryLater(send.error)
              ? serverMessage(send.error)
              : null}
          </Alert>
        </div>
      ) : null}
      <MessageComposer
        onSend={(body) => send.mutateAsync(body)}
        paused={send.isPaused}
        onRetry={() => void client.resumePausedMutations()}
      />
    </>
  );
}
