import { useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { useSession } from '@/lib/use-session';
import { ChatWindow } from '../components/chat-window';

/** /profile/chats/{chatId}: the chat window, sized to the screen so the composer stays in view. */
export function Component() {
  const { t } = useTranslation();
  const { chatId } = useParams();
  const { user } = useSession();
  const id = Number(chatId);
  const valid = Number.isInteger(id) && id > 0;

  return (
    <div className="mx-auto max-w-3xl px-0 sm:px-6 sm:py-6">
      <title>{`${t('chat.title')} | ${t('common.appName')}`}</title>
      <div className="flex h-[calc(100dvh-4rem)] flex-col overflow-hidden border-slate-200 bg-white sm:h-[calc(100dvh-7rem)] sm:rounded-2xl sm:border sm:shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {valid && user ? (
          <ChatWindow key={id} chatId={id} userId={user.id} />
        ) : (
          <div className="p-6">
            <Alert variant="error" title={t('chat.notFound')}>
              {t('chat.notFoundBody')}
            </Alert>
          </div>
        )}
      </div>
    </div>
  );
}
