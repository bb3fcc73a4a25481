import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { PageErrorBoundary, RootErrorBoundary } from './error-screen';
import { RootLayout } from './layout/root-layout';
import { lazyPage } from './lazy-page';
import { NotFoundPage, notFoundHandle } from './not-found';
import { RequireAuth } from './require-auth';

/**
 * Every route of SPEC.md section 2. A page is src/features/<area>/routes/<page>.tsx exporting
 * `Component`, registered as `lazy: lazyPage(() => import('@/features/<area>/routes/<page>'), ['<area>'])`
 * (the second argument names the locales/<lng>/<area>.json catalogues the page needs).
 *
 * A route whose screen is not built yet shows Not Found (`Component: NotFoundPage`), nothing fake;
 * the feature that owns it replaces that one line. Guarded routes already sit under RequireAuth, so a
 * signed-out visitor is sent to /login from them today. The comment above each route names its owner;
 * keep one comment line between routes so that parallel branches never edit neighbouring lines.
 */
const publicRoutes: RouteObject[] = [
  // home (features/home): hero, trending strip, category tiles
  { index: true, lazy: lazyPage(() => import('@/features/home/routes/home-page'), ['home', 'listings']) },
  // opportunities (features/opportunities): search with ?businessTypeId=&sort=&page=
  {
    path: 'search',
    lazy: lazyPage(
      () => import('@/features/opportunities/routes/search-page'),
      ['opportunities', 'listings'],
    ),
  },
  // opportunities (features/opportunities): detail, gallery, offer form, WhatsApp, share
  {
    path: 'opportunities/:id',
    lazy: lazyPage(
      () => import('@/features/opportunities/routes/opportunity-page'),
      ['opportunities', 'listings', 'insights', 'safety'],
    ),
  },
  // faqs (web shell)
  { path: 'faq', lazy: lazyPage(() => import('@/features/faqs/routes/faq-page'), ['faqs']) },
  // contact (web shell)
  { path: 'contact', lazy: lazyPage(() => import('@/features/contact/routes/contact-page'), ['contact']) },
  // auth (features/auth): sign-in
  { path: 'login', lazy: lazyPage(() => import('@/features/auth/routes/login-page'), ['auth']) },
  // auth (features/auth): registration
  { path: 'register', lazy: lazyPage(() => import('@/features/auth/routes/register-page'), ['auth']) },
  // auth (features/auth): ?token=&userId=
  {
    path: 'verify-email',
    lazy: lazyPage(() => import('@/features/auth/routes/verify-email-page'), ['auth']),
  },
  // auth (features/auth)
  {
    path: 'forgot-password',
    lazy: lazyPage(() => import('@/features/auth/routes/forgot-password-page'), ['auth']),
  },
  // auth (features/auth): ?token=
  {
    path: 'reset-password',
    lazy: lazyPage(() => import('@/features/auth/routes/reset-password-page'), ['auth']),
  },
  // saved searches (features/saved-searches): the alert emails' unsubscribe link, no sign-in
  {
    path: 'saved-searches/unsubscribe',
    lazy: lazyPage(() => import('@/features/saved-searches/routes/unsubscribe-page'), ['saved-searches']),
  },
  // mail (features/dev-mail): development mail catcher, 404 in production
  {
    path: 'dev/mail',
    lazy: lazyPage(() => import('@/features/dev-mail/routes/dev-mail-page'), ['dev-mail']),
  },
];

const adminPage = (load: Parameters<typeof lazyPage>[0]) => lazyPage(load, ['admin']);
/** API.md lookup kinds (spelled out: the shared schema module would pull zod into the entry bundle). */
const LOOKUP_PATHS = [
  'business-types',
  'regions',
  'cities',
  'company-ages',
  'company-sizes',
  'share-percentages',
] as const;

/**
 * /admin, behind the admin check (require-admin.tsx): the panel's layout (sidebar) around its pages.
 * The six lookup lists share one page, which reads its kind from the path.
 */
const adminRoutes: RouteObject[] = [
  {
    lazy: adminPage(() => import('@/features/admin/routes/admin-layout')),
    children: [
      { index: true, lazy: adminPage(() => import('@/features/admin/routes/dashboard-page')) },
      ...LOOKUP_PATHS.map((kind) => ({
        path: kind,
        lazy: adminPage(() => import('@/features/admin/routes/lookups-page')),
      })),
      { path: 'opportunities', lazy: adminPage(() => import('@/features/admin/routes/opportunities-page')) },
      {
        path: 'opportunities/:id',
        lazy: adminPage(() => import('@/features/admin/routes/opportunity-review-page')),
      },
      { path: 'faqs', lazy: adminPage(() => import('@/features/admin/routes/faqs-page')) },
      { path: 'error-logs', lazy: adminPage(() => import('@/features/admin/routes/error-logs-page')) },
      { path: 'audit-log', lazy: adminPage(() => import('@/features/admin/routes/audit-log-page')) },
      {
        path: 'contact-messages',
        lazy: adminPage(() => import('@/features/admin/routes/contact-messages-page')),
      },
      { path: 'users', lazy: adminPage(() => import('@/features/admin/routes/users-page')) },
      {
        path: 'verifications',
        lazy: adminPage(() => import('@/features/admin/routes/verifications-page')),
      },
      { path: 'reports', lazy: adminPage(() => import('@/features/admin/routes/reports-page')) },
      { path: 'deals', lazy: adminPage(() => import('@/features/admin/routes/deals-page')) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** SPEC.md "Routes requiring a signed-in user". */
const signedInRoutes: RouteObject[] = [
  // favorites (features/favorites)
  {
    path: 'favorites',
    lazy: lazyPage(() => import('@/features/favorites/routes/favorites-page'), ['favorites', 'listings']),
  },
  // users (app/profile with panels of the features; tabs listed in app/profile/profile-tabs.ts)
  { path: 'profile', lazy: lazyPage(() => import('./profile/profile-page'), ['users']) },
  // chat (features/chat): chat list
  { path: 'profile/chats', lazy: lazyPage(() => import('@/features/chat/routes/chats-page'), ['chat']) },
  // chat (features/chat): chat window
  {
    path: 'profile/chats/:chatId',
    lazy: lazyPage(() => import('@/features/chat/routes/chat-page'), ['chat', 'safety']),
  },
  // deals (features/deals): one deal, for its two parties and admins
  {
    path: 'deals/:id',
    lazy: lazyPage(() => import('@/features/deals/routes/deal-page'), ['deals', 'listings']),
  },
  // offers (features/offers): my submitted offers
  {
    path: 'profile/my-offers',
    lazy: lazyPage(() => import('@/features/offers/routes/my-offers-page'), ['offers']),
  },
  // opportunities (features/opportunities): six-step form
  {
    path: 'opportunities/add',
    lazy: lazyPage(
      () => import('@/features/opportunities/routes/add-opportunity-page'),
      ['opportunities', 'listings', 'insights'],
    ),
  },
  // opportunities (features/opportunities): edit mode
  {
    path: 'opportunities/:id/edit',
    lazy: lazyPage(
      () => import('@/features/opportunities/routes/edit-opportunity-page'),
      ['opportunities', 'listings', 'insights'],
    ),
  },
  // advisors (features/advisors)
  {
    path: 'opportunities/:id/advisors',
    lazy: lazyPage(() => import('@/features/advisors/routes/advisors-page'), ['advisors', 'listings']),
  },
  // admin (features/admin): index (dashboard), business-types, regions, cities, company-ages,
  // company-sizes, share-percentages, opportunities (status tabs), faqs, error-logs (stats and list)
  { path: 'admin', lazy: lazyPage(() => import('./require-admin'), ['admin']), children: adminRoutes },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        // Pathless: a crashed page shows the error screen inside the layout, and the first lazy
        // page of a visit shows the spinner there too.
        id: 'pages',
        ErrorBoundary: PageErrorBoundary,
        HydrateFallback: PageSpinner,
        children: [
          ...publicRoutes,
          { id: 'signed-in', Component: RequireAuth, children: signedInRoutes },
          { path: '*', Component: NotFoundPage, handle: notFoundHandle },
        ],
      },
    ],
  },
];
