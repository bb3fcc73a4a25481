import { useLanguage, useTranslation } from '@/lib/use-translation';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatNumber } from '@/lib/format';
import { formatDay } from '@/lib/day-format';

export interface DailyChartProps {
  series: { date: string; count: number }[];
  /** Name of the counted thing, for the tooltip. */
  label: string;
  variant?: 'area' | 'bar';
  color?: string;
}

/**
 * A count per day (recharts; loaded lazily, so the library stays out of every other page). Time
 * runs in the reading direction: right to left in Arabic, with the counts' axis on the right.
 */
export default function DailyChart({ series, label, variant = 'area', color = '#0f766e' }: DailyChartProps) {
  const { i18n } = useTranslation();
  const lng = useLanguage();
  const rtl = i18n.dir() === 'rtl';
  const axis = {
    tick: { fontSize: 12, fill: 'currentColor' },
    stroke: 'currentColor',
  };
  const common = {
    data: series,
    margin: { top: 8, right: 8, bottom: 0, left: 8 },
    // The drawing is aria-hidden (ChartCard gives the figures as a table): recharts' keyboard layer
    // would make it a tab stop that screen readers cannot see (axe aria-hidden-focus).
    accessibilityLayer: false,
  };
  const children = [
    <CartesianGrid
      key="grid"
      strokeDasharray="3 3"
      stroke="currentColor"
      strokeOpacity={0.15}
      vertical={false}
    />,
    <XAxis
      key="x"
      dataKey="date"
      reversed={rtl}
      tickFormatter={(day: string) => formatDay(day, lng)}
      minTickGap={24}
      {...axis}
    />,
    <YAxis
      key="y"
      allowDecimals={false}
      orientation={rtl ? 'right' : 'left'}
      width={40}
      tickFormatter={(n: number) => formatNumber(n, lng)}
      {...axis}
    />,
    <Tooltip
      key="tooltip"
      labelFormatter={(day) => formatDay(String(day), lng, 'long')}
      formatter={(value) => [formatNumber(Number(value), lng), label]}
      contentStyle={{ direction: rtl ? 'rtl' : 'ltr', borderRadius: 8, color: '#0f172a' }}
    />,
  ];
  return (
    <div className="h-64 text-slate-500 dark:text-slate-400" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        {variant === 'bar' ? (
          <BarChart {...common}>
            {children}
            <Bar dataKey="count" name={label} fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        ) : (
          <AreaChart {...common}>
            {children}
            <Area
              dataKey="count"
              name={label}
              type="monotone"
              stroke={color}
              fill={color}
              fillOpacity={0.15}
              strokeWidth={2}
              isAnimationActive={false}
            />
          </AreaChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
