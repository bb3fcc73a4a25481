import { useTranslation } from '@/lib/use-translation';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { InsightsDay } from '@safqa/shared/validation/insights';
import { formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { formatDay } from '@/lib/day-format';

const SERIES = [
  { key: 'views', color: '#0f766e' },
  { key: 'bookmarks', color: '#7c3aed' },
  { key: 'offers', color: '#c2410c' },
  { key: 'chats', color: '#0369a1' },
] as const;

/**
 * Views (bars) with bookmarks, offers and chats (lines) per day; loaded lazily so recharts stays in
 * this chunk. Time runs in the reading direction (right to left in Arabic, counts' axis on the right).
 */
export default function InsightsChart({ byDay }: { byDay: InsightsDay[] }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const rtl = i18n.dir() === 'rtl';
  const axis = { tick: { fontSize: 12, fill: 'currentColor' }, stroke: 'currentColor' };
  return (
    // The drawing is absolutely placed so that its measured width never holds the layout open: a
    // grid keeps the column at its content's width otherwise, and the chart could not shrink (phone
    // turned, window narrowed).
    <div className="relative h-64 text-slate-500 dark:text-slate-400" dir="ltr">
      <div className="absolute inset-0 overflow-hidden">
        <ResponsiveContainer width="100%" height="100%">
          {/* aria-hidden by the caller, which gives the figures as a table: no keyboard layer. */}
          <ComposedChart
            data={byDay}
            margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
            accessibilityLayer={false}
          >
            <CartesianGrid
              strokeDasharray="3 3"
              stroke="currentColor"
              strokeOpacity={0.15}
              vertical={false}
            />
            <XAxis
              dataKey="date"
              reversed={rtl}
              tickFormatter={(day: string) => formatDay(day, lng)}
              minTickGap={24}
              {...axis}
            />
            <YAxis
              allowDecimals={false}
              orientation={rtl ? 'right' : 'left'}
              width={40}
              tickFormatter={(n: number) => formatNumber(n, lng)}
              {...axis}
            />
            <Tooltip
              labelFormatter={(day) => formatDay(String(day), lng, 'long')}
              formatter={(value, name) => [formatNumber(Number(value), lng), name]}
              contentStyle={{ direction: rtl ? 'rtl' : 'ltr', borderRadius: 8, color: '#0f172a' }}
            />
            <Legend wrapperStyle={{ direction: rtl ? 'rtl' : 'ltr', fontSize: 12 }} />
            {SERIES.map(({ key, color }) =>
              key === 'views' ? (
                <Bar
                  key={key}
                  dataKey={key}
                  name={t(`insights.totals.${key}`)}
                  fill={color}
                  radius={[3, 3, 0, 0]}
                  isAnimationActive={false}
                />
              ) : (
                <Line
                  key={key}
                  dataKey={key}
                  name={t(`insights.totals.${key}`)}
                  // Steps: a day's count holds across that day. A smoothed curve rose before a day with
                  // activity and dipped below zero after it, drawing activity on days that had none.
                  type="step"
                  stroke={color}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ),
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
