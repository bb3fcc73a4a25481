import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { OpportunityCard } from '@/components/opportunity-card';
import { EmptyState, ErrorState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { REDUCED_MOTION, useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/cn';
import { useTopOpportunities } from '../api/get-top-opportunities';
import { stripItems } from './strip-items';

/** Seconds each card takes to cross: the loop's speed does not depend on how many cards there are. */
const SECONDS_PER_CARD = 5;

/**
 * The trending strip of SPEC.md section 2: cards padded to at least 8 and duplicated, sliding in the
 * reading direction forever. It pauses while hovered or focused, for good after the first touch on a
 * phone (the strip then scrolls by swipe), and with the pause button (WCAG 2.2.2). With reduced
 * motion it does not move at all: the cards sit in a row that scrolls sideways.
 */
export function TrendingStrip() {
  const { t } = useTranslation();
  const top = useTopOpportunities();
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const [touched, setTouched] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);

  if (top.isPending) return <StripSkeleton />;
  if (top.isError) return <ErrorState error={top.error} onRetry={() => void top.refetch()} />;
  if (top.data.length === 0) return <EmptyState title={t('home.trending.empty')} />;

  if (reducedMotion) {
    return (
      // Named by the section's heading: html-validate refuses aria-label on a list without a role.
      <ul className="-mx-4 flex snap-x gap-4 overflow-x-auto px-4 pb-4">
        {top.data.map((card) => (
          <li key={card.id} className="snap-start">
            <OpportunityCard opportunity={card} variant="compact" />
          </li>
        ))}
      </ul>
    );
  }

  const items = stripItems(top.data);
  const paused = pausedByUser || touched;
  return (
    <div className="grid gap-3">
      <div
        data-testid="trending-viewport"
        data-paused={paused}
        onTouchStart={() => setTouched(true)}
        className={cn('marquee-viewport -mx-4 px-4 pb-4', paused ? 'overflow-x-auto' : 'overflow-hidden')}
      >
        <ul
          className={cn('marquee-track flex w-max', paused && 'marquee-paused')}
          style={{ animationDuration: `${(items.length / 2) * SECONDS_PER_CARD}s` }}
        >
          {items.map((item) => (
            <li key={item.key} aria-hidden={item.copy || undefined} className="pe-4">
              <OpportunityCard opportunity={item.card} variant="compact" inert={item.copy} />
            </li>
          ))}
        </ul>
      </div>
      <div className="flex justify-end">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={paused}
          onClick={() => (touched ? setTouched(false) : setPausedByUser(!pausedByUser))}
        >
          {paused ? (
            <Play aria-hidden="true" className="size-4" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
          {paused ? t('home.trending.play') : t('home.trending.pause')}
        </Button>
      </div>
    </div>
  );
}

function StripSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="-mx-4 flex gap-4 overflow-hidden px-4 pb-4">
      <span className="sr-only">{t('common.loading')}</span>
      {Array.from({ length: 4 }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-40 w-72 shrink-0 animate-pulse rounded-2xl bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
        />
      ))}
    </div>
  );
}
