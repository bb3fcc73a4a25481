import { useLanguage } from '@/lib/use-translation';
import { formatNumber } from '@/lib/format';
import { Card } from '@/components/ui/card';

/** The most viewed paths, each with a bar proportional to its views. */
export function TopList({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: { name: string; count: number }[];
  empty: string;
}) {
  const lng = useLanguage();
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Card as="section" className="grid content-start gap-3 p-4">
      <h2 className="font-bold text-slate-900 dark:text-white">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ol className="grid gap-2">
          {rows.map((row) => (
            <li key={row.name} className="grid gap-1">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <bdi dir="ltr" className="truncate font-mono text-slate-800 dark:text-slate-200">
                  {row.name}
                </bdi>
                <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">
                  {formatNumber(row.count, lng)}
                </span>
              </div>
              <div aria-hidden="true" className="h-1.5 rounded-full bg-slate-100 dark:bg-slate-800">
                <div
                  className="h-full rounded-full bg-brand-600 dark:bg-brand-400"
                  style={{ inlineSize: `${(row.count / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
