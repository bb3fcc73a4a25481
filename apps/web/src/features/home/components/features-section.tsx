import { useTranslation } from '@/lib/use-translation';
import type { LucideIcon } from 'lucide-react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import ChartNoAxesCombined from 'lucide-react/icons/chart-no-axes-combined';
import Handshake from 'lucide-react/icons/handshake';
import Languages from 'lucide-react/icons/languages';
import MessagesSquare from 'lucide-react/icons/messages-square';
import UsersRound from 'lucide-react/icons/users-round';
import { Card } from '@/components/ui/card';

const FEATURES: ReadonlyArray<{ key: string; Icon: LucideIcon }> = [
  { key: 'reviewed', Icon: BadgeCheck },
  { key: 'financials', Icon: ChartNoAxesCombined },
  { key: 'offers', Icon: Handshake },
  { key: 'chat', Icon: MessagesSquare },
  { key: 'advisors', Icon: UsersRound },
  { key: 'bilingual', Icon: Languages },
];

/** Why use the platform: six short points. */
export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {FEATURES.map(({ key, Icon }) => (
        <Card as="li" key={key} className="p-6">
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white dark:bg-brand-500 dark:text-slate-950">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">
            {t(`home.features.${key}.title`)}
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
            {t(`home.features.${key}.body`)}
          </p>
        </Card>
      ))}
    </ul>
  );
}
