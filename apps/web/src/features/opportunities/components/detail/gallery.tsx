import { useRef, useState, type KeyboardEvent } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from '@/lib/use-translation';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ImageOff from 'lucide-react/icons/image-off';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { cn } from '@/lib/cn';

type Picture = OpportunityDetail['gallery'][number];

/** Horizontal distance in CSS pixels that counts as a swipe. */
const SWIPE_PX = 40;

/** The stage's width: the main column beside the 22rem sidebar from 1024 px, the page width below. */
const STAGE_SIZES = '(min-width: 1280px) 860px, (min-width: 1024px) calc(100vw - 27rem), calc(100vw - 2rem)';

/** `srcset` of a picture: its smaller renditions and the full image, so a phone downloads what it shows. */
function pictureSrcSet(picture: Picture): string | undefined {
  if (!picture.width || picture.variants.length === 0) return undefined;
  return [...picture.variants, { url: picture.url, width: picture.width }]
    .map((candidate) => `${candidate.url} ${candidate.width}w`)
    .join(', ');
}

/**
 * The listing's pictures: one large, thumbnails below. Keyboard: focus the picture and use the arrow
 * keys (in the reading direction), Home and End; or the previous and next buttons and the thumbnails.
 * Touch: swipe sideways. The position is announced ("2 of 5").
 */
export function Gallery({ pictures, title }: { pictures: Picture[]; title: string }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const rtl = lng === 'ar';
  const [index, setIndex] = useState(0);
  const touchX = useRef<number | null>(null);

  if (pictures.length === 0) {
    return (
      <div className="flex aspect-[16/9] flex-col items-center justify-center gap-2 rounded-2xl bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400">
        <ImageOff aria-hidden="true" className="size-10" />
        <p className="text-sm">{t('opportunities.detail.noImages')}</p>
      </div>
    );
  }

  const count = pictures.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const current = pictures[Math.min(index, count - 1)]!;
  // The first picture is the page's largest paint: asked for in <head> (server rendering) at high priority.
  const first = pictures[0]!;
  const firstSrcSet = pictureSrcSet(first);
  preload(first.url, {
    as: 'image',
    fetchPriority: 'high',
    ...(firstSrcSet ? { imageSrcSet: firstSrcSet, imageSizes: STAGE_SIZES } : {}),
  });
  const currentSrcSet = pictureSrcSet(current);
  const position = t('opportunities.detail.galleryPosition', {
    current: formatNumber(index + 1, lng),
    total: formatNumber(count, lng),
  });

  const onKeyDown = (event: KeyboardEvent) => {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) go(index + 1);
    else if (event.key === backward) go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(count - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      aria-roledescription={t('opportunities.detail.galleryRole')}
      aria-label={t('opportunities.detail.gallery')}
      className="grid gap-3"
    >
      <div
        role="group"
        aria-roledescription={t('opportunities.detail.slideRole')}
        aria-label={position}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onTouchStart={(event) => {
          touchX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchX.current;
          const end = event.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
          // Swiping towards the reading start shows the next picture.
          const towardsLeft = end < start;
          go(towardsLeft !== rtl ? index + 1 : index - 1);
        }}
        className="relative aspect-[16/9] touch-pan-y overflow-hidden rounded-2xl bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-slate-800"
        data-testid="gallery-stage"
      >
        <img
          src={current.url}
          srcSet={currentSrcSet}
          sizes={currentSrcSet ? STAGE_SIZES : undefined}
          fetchPriority={current === first ? 'high' : undefined}
          alt={t('opportunities.detail.pictureAlt', {
            title,
            current: formatNumber(index + 1, lng),
            total: formatNumber(count, lng),
          })}
          width={current.width ?? undefined}
          height={current.height ?? undefined}
          className="size-full object-cover"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label={t('opportunities.detail.previousPicture')}
              className="absolute start-3 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow focus-visible:outline-2 focus-visible:outline-brand-600 dark:bg-slate-900/90 dark:text-white"
            >
              <ChevronRight aria-hidden="true" className="size-5 ltr:-scale-x-100" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label={t('opportunities.detail.nextPicture')}
              className="absolute end-3 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow focus-visible:outline-2 focus-visible:outline-brand-600 dark:bg-slate-900/90 dark:text-white"
            >
              <ChevronLeft aria-hidden="true" className="size-5 ltr:-scale-x-100" />
            </button>
            <p
              aria-live="polite"
              className="absolute end-3 bottom-3 rounded-full bg-slate-950/70 px-2.5 py-1 text-xs font-semibold text-white"
            >
              {position}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {pictures.map((picture, i) => (
            <li key={picture.url} className="shrink-0">
              <button
                type="button"
                onClick={() => go(i)}
                aria-current={i === index || undefined}
                aria-label={t('opportunities.detail.showPicture', { number: formatNumber(i + 1, lng) })}
                className={cn(
                  'block h-16 w-24 overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  i === index ? 'border-brand-600' : 'border-transparent opacity-75 hover:opacity-100',
                )}
              >
                <img
                  src={picture.thumbnailUrl ?? picture.url}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
