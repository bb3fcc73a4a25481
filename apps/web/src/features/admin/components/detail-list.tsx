import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A titled group of label–value pairs of the review view. */
export function DetailList({ title, items }: { title: string; items: [string, ReactNode][] }) {
  return (
    <Card as="section" className="grid content-start gap-3 p-4">
      <h2 className="font-bold text-slate-900 dark:text-white">{title}</h2>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-medium break-words text-slate-900 dark:text-slate-100">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
