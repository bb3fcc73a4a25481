import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageToggle } from '@/components/language-toggle';
import { ThemeToggle } from '@/components/theme-toggle';
import { cn } from '@/lib/cn';
import { useNotificationCount } from '@/lib/notification-count';
import { useUnreadCount } from '@/lib/unread-count';
import { AccountLinks } from './account-links';
import { MAIN_LINKS } from './nav-items';
import { useHideOnScroll } from './use-hide-on-scroll';

const linkClasses =
  'inline-flex h-10 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-brand-400 dark:aria-[current=page]:bg-brand-950 dark:aria-[current=page]:text-brand-200';

const MENU_ID = 'mobile-menu';

/**
 * Fixed header (SPEC.md section 2): hides while scrolling down, returns when scrolling up or near
 * the top, and stays while it holds the keyboard focus or the mobile menu is open. Under 768 px the
 * links, toggles and account items move into a menu that closes on every route change.
 */
export function Navbar() {
  const { t } = useTranslation();
  const location = useLocation();
  const scrollVisible = useHideOnScroll();
  // The menu belongs to the location it was opened on, so any navigation closes it.
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const menuOpen = menuFor === location.key;
  const [focusInside, setFocusInside] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const visible = scrollVisible || menuOpen || focusInside;
  // On a phone the bell and the chat count are inside the closed menu: its button says there is news.
  const news = useUnreadCount() + useNotificationCount() > 0;

  const closeMenu = useEffectEvent(() => {
    setMenuFor(null);
    toggleRef.current?.focus();
  });
  // Escape closes the open menu wherever the focus is: a control inside it may have let the focus go
  // (the language switch re-renders the page), and the header would no longer hear the key.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
      }}
      data-visible={visible}
      className={cn(
        'fixed inset-x-0 top-0 z-50 border-b border-slate-200/80 bg-white/90 backdrop-blur-md transition-transform duration-300 motion-reduce:transition-none dark:border-slate-800 dark:bg-slate-950/90',
        visible ? 'translate-y-0' : '-translate-y-full',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label={t('common.nav.label')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClasses}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto hidden items-center gap-1 md:flex">
          <LanguageToggle />
          <ThemeToggle />
          <span aria-hidden="true" className="mx-1 h-6 w-px bg-slate-200 dark:bg-slate-700" />
          <AccountLinks />
        </div>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={
            menuOpen
              ? t('common.nav.closeMenu')
              : news
                ? t('common.nav.openMenuNews')
                : t('common.nav.openMenu')
          }
          onClick={() => setMenuFor(menuOpen ? null : location.key)}
          className="relative ms-auto inline-flex size-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:hidden dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
          {news && !menuOpen ? (
            <span
              aria-hidden="true"
              data-testid="menu-news-dot"
              className="absolute end-1.5 top-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-slate-950"
            />
          ) : null}
        </button>
      </div>
      <div
        id={MENU_ID}
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pt-3 pb-5 shadow-xl md:hidden dark:border-slate-800 dark:bg-slate-950 dark:shadow-black/60"
      >
        <nav aria-label={t('common.nav.mobileLabel')}>
          <ul className="grid gap-1">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={cn(linkClasses, 'h-12 w-full text-base')}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-3 flex items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
          <LanguageToggle />
          <ThemeToggle />
        </div>
        <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
          <AccountLinks stacked />
        </div>
      </div>
    </header>
  );
}
