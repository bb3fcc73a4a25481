import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toast';
import { loginPathFor } from '@/lib/auth-redirect';
import { onSessionEnd, type SessionEndReason } from '@/lib/session';
import { resetNotificationCount } from '@/lib/notification-count';
import { resetUnreadCount } from '@/lib/unread-count';

/**
 * What happens when the session ends (SPEC.md section 4): cached data and the unread count are
 * cleared and the user goes to /login. A session the server stopped accepting also shows
 * 'Session expired' (or 'You were signed out' when it was ended from elsewhere) and keeps the page to
 * return to after signing in again.
 */
export function useSessionEnd() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  const handleEnd = useEffectEvent((reason: SessionEndReason) => {
    queryClient.clear();
    resetUnreadCount();
    resetNotificationCount();
    if (reason === 'logout') {
      void navigate('/login');
      return;
    }
    toast({
      variant: 'destructive',
      title: t(reason === 'revoked' ? 'common.session.revokedTitle' : 'common.session.expiredTitle'),
      description: t(reason === 'revoked' ? 'common.session.revokedBody' : 'common.session.expiredBody'),
    });
    if (location.pathname !== '/login') {
      void navigate(loginPathFor(location), { replace: true, state: { from: location } });
    }
  });

  useEffect(() => onSessionEnd((reason) => handleEnd(reason)), []);
}
