import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LucideIcon } from 'lucide-react';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserRound from 'lucide-react/icons/user-round';
import Bookmark from 'lucide-react/icons/bookmark';
import BriefcaseBusiness from 'lucide-react/icons/briefcase-business';
import MessagesSquare from 'lucide-react/icons/messages-square';
import HandCoins from 'lucide-react/icons/hand-coins';
import Handshake from 'lucide-react/icons/handshake';
import Bell from 'lucide-react/icons/bell';
import SearchCheck from 'lucide-react/icons/search-check';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import KeyRound from 'lucide-react/icons/key-round';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Ban from 'lucide-react/icons/ban';
import { loadAreas } from '@/lib/i18n';

/**
 * The tabs of /profile (SPEC.md section 2: personal info, security, chats, bookmarks, my opportunities,
 * my offers). Each feature owns its panel, a module exporting `Component`; this list (in the app layer,
 * which may import features) puts them together. To add a tab: one entry here, with the catalogue
 * areas its panel needs. The `id` is the `?tab=` value.
 */
export interface ProfileTab {
  id: string;
  /** i18n key of the tab label. */
  label: string;
  Icon: LucideIcon;
  Panel: LazyExoticComponent<ComponentType>;
}

function panel(load: () => Promise<{ Component: ComponentType }>, areas: readonly string[]) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadAreas(areas)]);
    return { default: module.Component };
  });
}

export const PROFILE_TABS: readonly ProfileTab[] = [
  // users (features/users)
  {
    id: 'personal',
    label: 'users.tabs.personal',
    Icon: UserRound,
    Panel: panel(() => import('@/features/users/components/personal-info-tab'), ['users', 'auth']),
  },
  // users (features/users)
  {
    id: 'security',
    label: 'users.tabs.security',
    Icon: ShieldCheck,
    Panel: panel(() => import('@/features/users/components/security-tab'), ['users', 'auth']),
  },
  // users (features/users): the signed-in devices (API.md "Account security")
  {
    id: 'devices',
    label: 'users.tabs.devices',
    Icon: MonitorSmartphone,
    Panel: panel(() => import('@/features/users/components/devices-tab'), ['users']),
  },
  // users (features/users): passkeys (API.md "Account security")
  {
    id: 'passkeys',
    label: 'users.tabs.passkeys',
    Icon: KeyRound,
    Panel: panel(() => import('@/features/users/components/passkeys-tab'), ['users']),
  },
  // trust (features/trust): verified buyers (API.md "Trust and safety")
  {
    id: 'verification',
    label: 'users.tabs.verification',
    Icon: BadgeCheck,
    Panel: panel(() => import('@/features/trust/components/verification-tab'), ['trust']),
  },
  // trust (features/trust): blocked users
  {
    id: 'blocked-users',
    label: 'users.tabs.blockedUsers',
    Icon: Ban,
    Panel: panel(() => import('@/features/trust/components/blocked-users-tab'), ['trust']),
  },
  // chat (features/chat)
  {
    id: 'chats',
    label: 'users.tabs.chats',
    Icon: MessagesSquare,
    Panel: panel(() => import('@/features/chat/routes/chats-page'), ['chat']),
  },
  // favorites (features/favorites)
  {
    id: 'bookmarks',
    label: 'users.tabs.bookmarks',
    Icon: Bookmark,
    Panel: panel(() => import('@/features/favorites/components/bookmarks-tab'), ['favorites', 'listings']),
  },
  // opportunities (features/opportunities)
  {
    id: 'my-opportunities',
    label: 'users.tabs.myOpportunities',
    Icon: BriefcaseBusiness,
    Panel: panel(
      () => import('@/features/opportunities/components/my-opportunities-tab'),
      ['opportunities', 'listings', 'insights'],
    ),
  },
  // offers (features/offers)
  {
    id: 'my-offers',
    label: 'users.tabs.myOffers',
    Icon: HandCoins,
    Panel: panel(() => import('@/features/offers/routes/my-offers-page'), ['offers']),
  },
  // deals (features/deals)
  {
    id: 'deals',
    label: 'users.tabs.deals',
    Icon: Handshake,
    Panel: panel(() => import('@/features/deals/components/deals-tab'), ['deals', 'listings']),
  },
  // data room (features/data-room)
  {
    id: 'access-requests',
    label: 'users.tabs.accessRequests',
    Icon: LockKeyhole,
    Panel: panel(() => import('@/features/data-room/components/access-requests-tab'), ['data-room']),
  },
  // saved searches (features/saved-searches)
  {
    id: 'saved-searches',
    label: 'users.tabs.savedSearches',
    Icon: SearchCheck,
    Panel: panel(
      () => import('@/features/saved-searches/components/saved-searches-tab'),
      ['saved-searches', 'opportunities'],
    ),
  },
  // notifications (features/notifications)
  {
    id: 'notifications',
    label: 'users.tabs.notifications',
    Icon: Bell,
    Panel: panel(() => import('@/features/notifications/components/notifications-tab'), ['notifications']),
  },
];

export const DEFAULT_PROFILE_TAB = 'personal';
