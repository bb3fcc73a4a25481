import type { Deal, DealEvent, DealStage } from '@safqa/shared/validation/deals';
import { Card } from '@/components/ui/card';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/use-translation';

function useEventText(deal: Deal) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (event: DealEvent) => {
    const d = event.details;
    // An event keeps the item's title as written when it happened (a template item's Arabic one);
    // the checklist gives it in the reader's language.
    const item = typeof d.itemId === 'number' ? deal.checklist.find((i) => i.id === d.itemId) : undefined;
    return t(`deals.events.${event.type}`, {
      version: typeof d.version === 'number' ? formatNumber(d.version, lng) : '',
      title: item?.title ?? d.title ?? '',
      stage: typeof d.to === 'string' ? t(`deals.stage.${d.to as DealStage}`) : '',
    });
  };
}

/** Every step of the deal, oldest first, with who took it and when. */
export function DealTimeline({ deal }: { deal: Deal }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const text = useEventText(deal);
  return (
    <Card as="section" aria-labelledby="timeline-title" className="grid gap-3 p-4 sm:p-6">
      <h2 id="timeline-title" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('deals.timeline.title')}
      </h2>
      <ol className="grid gap-3 border-s-2 border-slate-200 ps-4 dark:border-slate-700">
        {deal.timeline.map((event, index) => (
          <li key={index} className="grid gap-0.5">
            <span className="text-sm text-slate-900 dark:text-white" dir="auto">
              {text(event)}
            </span>
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {event.actor ? <bdi>{event.actor.username}</bdi> : null}
              {event.actor ? ' · ' : null}
              <time dateTime={event.at}>{formatDateTime(event.at, lng)}</time>
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
