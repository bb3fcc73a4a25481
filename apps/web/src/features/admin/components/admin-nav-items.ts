import type { ComponentType, SVGProps } from 'react';
import Building2 from 'lucide-react/icons/building-2';
import Briefcase from 'lucide-react/icons/briefcase';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import CircleHelp from 'lucide-react/icons/circle-help';
import FileClock from 'lucide-react/icons/file-clock';
import Flag from 'lucide-react/icons/flag';
import Gauge from 'lucide-react/icons/gauge';
import Handshake from 'lucide-react/icons/handshake';
import Inbox from 'lucide-react/icons/inbox';
import MapIcon from 'lucide-react/icons/map';
import MapPin from 'lucide-react/icons/map-pin';
import Percent from 'lucide-react/icons/percent';
import ScrollText from 'lucide-react/icons/scroll-text';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Users from 'lucide-react/icons/users';
import BadgeCheck from 'lucide-react/icons/badge-check';

export interface AdminNavItem {
  to: string;
  /** Key in admin.json. */
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  end?: boolean;
}

/** The sidebar of /admin, in groups (SPEC.md section 2 "/admin with nested pages"). */
export const ADMIN_NAV: { label: string; items: AdminNavItem[] }[] = [
  {
    label: 'admin.nav.overview',
    items: [{ to: '/admin', label: 'admin.nav.dashboard', icon: Gauge, end: true }],
  },
  {
    label: 'admin.nav.moderation',
    items: [
      { to: '/admin/opportunities', label: 'admin.nav.opportunities', icon: ShieldCheck },
      { to: '/admin/users', label: 'admin.nav.users', icon: Users },
      { to: '/admin/verifications', label: 'admin.nav.verifications', icon: BadgeCheck },
      { to: '/admin/reports', label: 'admin.nav.reports', icon: Flag },
      { to: '/admin/deals', label: 'admin.nav.deals', icon: Handshake },
    ],
  },
  {
    label: 'admin.nav.content',
    items: [
      { to: '/admin/faqs', label: 'admin.nav.faqs', icon: CircleHelp },
      { to: '/admin/contact-messages', label: 'admin.nav.contactMessages', icon: Inbox },
    ],
  },
  {
    label: 'admin.nav.lookups',
    items: [
      { to: '/admin/business-types', label: 'admin.lookups.business-types.title', icon: Briefcase },
      { to: '/admin/regions', label: 'admin.lookups.regions.title', icon: MapIcon },
      { to: '/admin/cities', label: 'admin.lookups.cities.title', icon: MapPin },
      { to: '/admin/company-ages', label: 'admin.lookups.company-ages.title', icon: CalendarClock },
      { to: '/admin/company-sizes', label: 'admin.lookups.company-sizes.title', icon: Building2 },
      { to: '/admin/share-percentages', label: 'admin.lookups.share-percentages.title', icon: Percent },
    ],
  },
  {
    label: 'admin.nav.system',
    items: [
      { to: '/admin/error-logs', label: 'admin.nav.errorLogs', icon: ScrollText },
      { to: '/admin/audit-log', label: 'admin.nav.auditLog', icon: FileClock },
    ],
  },
];
