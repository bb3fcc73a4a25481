import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import MessageCircle from 'lucide-react/icons/message-circle';
import { Button, buttonClasses } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { loginPathFor } from '@/lib/auth-redirect';
import { useAreas } from '@/lib/use-areas';
import { useSession } from '@/lib/use-session';
import { useStartChat } from '../api/start-chat';

export interface StartChatButtonProps {
  opportunityId: number;
  /** The owner never sees it (they cannot chat with themselves). */
  isOwner: boolean;
  className?: string;
}

/**
 * "Message the owner" on the opportunity page: opens the chat (created on first use) at
 * /profile/chats/{chatId}. Signed out, it leads to sign-in and back; for the owner it renders nothing.
 */
export function StartChatButton({ opportunityId, isOwner, className }: StartChatButtonProps) {
  const ready = useAreas(['chat']);
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const start = useStartChat();

  if (isOwner || !ready) return null;
  if (!isSignedIn) {
    return (
      <Link
        to={loginPathFor(location)}
        state={{ from: location }}
        className={buttonClasses('secondary', 'lg', className)}
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        {t('chat.signInToChat')}
      </Link>
    );
  }
  return (
    <Button
      variant="secondary"
      size="lg"
      className={className}
      disabled={start.isPending}
      aria-busy={start.isPending || undefined}
      onClick={() =>
        start.mutate(opportunityId, {
          onSuccess: ({ chat }) => void navigate(`/profile/chats/${chat.id}`),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: t('chat.createFailed'),
              description: serverMessage(error) ?? undefined,
            }),
        })
      }
    >
      {start.isPending ? (
        <SpinnerIcon className="size-5" />
      ) : (
        <MessageCircle aria-hidden="true" className="size-5" />
      )}
      {start.isPending ? t('chat.starting') : t('chat.startChat')}
    </Button>
  );
}
