import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { cn } from '@/lib/cn';
import { DESKTOP, REDUCED_MOTION, useMediaQuery } from '@/lib/use-media-query';

const HERO_BUTTON =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg px-6 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export const HERO_POSTER = '/media/hero-poster.jpg';
export const HERO_SOURCES = [
  { src: '/media/hero.webm', type: 'video/webm' },
  { src: '/media/hero.mp4', type: 'video/mp4' },
] as const;

/**
 * Hero of the home page: title, subtitle, description and the two main ways in. Behind it a short
 * looping muted video (made for the project, abstract shapes) from 768 px up; phones, visitors who
 * prefer reduced motion and browsers that block autoplay see the poster alone.
 */
export function Hero() {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const [blocked, setBlocked] = useState(false);
  const showVideo = desktop && !reducedMotion && !blocked;

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-brand-950 text-white"
    >
      <img
        src={HERO_POSTER}
        alt=""
        width={960}
        height={540}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-20 size-full object-cover"
      />
      {showVideo ? (
        <video
          data-testid="hero-video"
          className="absolute inset-0 -z-20 size-full object-cover"
          poster={HERO_POSTER}
          autoPlay
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden="true"
          tabIndex={-1}
          ref={(video) => {
            if (!video) return;
            video.muted = true;
            const started = video.play();
            // Autoplay refused (data saver, browser policy): keep the poster, log only (SPEC.md section 8).
            started?.catch?.((error: unknown) => {
              console.info('Hero video autoplay was blocked', error);
              setBlocked(true);
            });
          }}
        >
          {HERO_SOURCES.map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
        </video>
      ) : null}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-slate-950/60 via-slate-950/40 to-slate-950/70"
      />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8 lg:py-32">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
            {t('home.hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-3 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
          >
            {t('home.hero.title')}
          </h1>
          <p className="mt-4 text-xl font-semibold text-brand-100 sm:text-2xl">{t('home.hero.subtitle')}</p>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-slate-100 sm:text-lg">
            {t('home.hero.description')}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/search" className={cn(HERO_BUTTON, 'bg-brand-400 text-slate-950 hover:bg-brand-300')}>
              {t('home.hero.browse')}
              <ArrowLeft aria-hidden="true" className="size-5 ltr:-scale-x-100" />
            </Link>
            <Link
              to="/opportunities/add"
              className={cn(HERO_BUTTON, 'border border-white/70 bg-white/10 text-white hover:bg-white/20')}
            >
              {t('home.hero.list')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
