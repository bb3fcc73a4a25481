/** The navbar's and footer's main links (SPEC.md section 2). Labels are keys of common.json. */
export const MAIN_LINKS = [
  { to: '/', label: 'common.nav.home', end: true },
  { to: '/search', label: 'common.nav.opportunities', end: false },
  { to: '/faq', label: 'common.nav.faq', end: false },
  { to: '/contact', label: 'common.nav.contact', end: false },
] as const;
