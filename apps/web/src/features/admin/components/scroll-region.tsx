import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import MoveHorizontal from 'lucide-react/icons/move-horizontal';
import { useTranslation } from '@/lib/use-translation';
import { Card } from '@/components/ui/card';

/**
 * A wide admin table's frame: a labelled region that takes the keyboard focus (so arrow keys scroll
 * it), and, while the table is wider than the screen (phones), a visible "swipe sideways" line tied
 * to it, since a cut-off column otherwise looks like the end of the table.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const hintId = useId();
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="grid gap-2">
      {overflows ? (
        <p id={hintId} className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
          <MoveHorizontal aria-hidden="true" className="size-4 shrink-0" />
          {t('admin.scrollHint')}
        </p>
      ) : null}
      <Card
        ref={frame}
        role="region"
        aria-label={label}
        aria-describedby={overflows ? hintId : undefined}
        tabIndex={0}
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {children}
      </Card>
    </div>
  );
}
