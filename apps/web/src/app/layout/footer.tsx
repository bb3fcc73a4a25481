import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { BrandLogo } from '@/components/brand-logo';
import { useSession } from '@/lib/use-session';

/** SPEC.md section 1 puts the copyright at 2024, the year Safqa started; a current site runs it to this year. */
const FIRST_YEAR = 2024;

/** "2024" in the first year, then "2024–<this year>" (read right to left in Arabic, as ranges are). */
export function copyrightYears(now: Date = new Date()): string {
  const year = now.getUTCFullYear();
  return year > FIRST_YEAR ? `${FIRST_YEAR}–${year}` : String(FIRST_YEAR);
}

const linkClasses =
  'rounded text-sm text-slate-300 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300';

/** Tagline, quick links, the account column (which follows the session) and the copyright. */
export function Footer() {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  const accountLinks = isSignedIn
    ? [
        { to: '/profile', label: t('common.footer.profile') },
        { to: '/favorites', label: t('common.footer.favorites') },
      ]
    : [
        { to: '/login', label: t('common.footer.login') },
        { to: '/register', label: t('common.footer.register') },
      ];
  const quickLinks = [
    { to: '/', label: t('common.nav.home') },
    { to: '/search', label: t('common.footer.search') },
    { to: '/faq', label: t('common.nav.faq') },
    { to: '/contact', label: t('common.nav.contact') },
  ];
  return (
    <footer className="bg-slate-900 text-slate-200 dark:border-t dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="grid content-start gap-4">
          <BrandLogo onDark />
          <p className="max-w-sm text-sm leading-relaxed text-slate-300">{t('common.tagline')}</p>
        </div>
        <FooterColumn title={t('common.footer.quickLinks')} links={quickLinks} />
        <FooterColumn title={t('common.footer.account')} links={accountLinks} />
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-slate-400 sm:px-6 lg:px-8">
          {t('common.footer.copyright', { year: copyrightYears() })}
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold text-white">{title}</h2>
      <ul className="mt-4 grid gap-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClasses}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
