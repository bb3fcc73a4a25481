import type { DealStage } from '@safqa/shared/validation/deals';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useTranslation } from '@/lib/use-translation';

const TONE: Record<DealStage, BadgeTone> = {
  loi: 'brand',
  due_diligence: 'info',
  closing: 'warning',
  closed: 'success',
  cancelled: 'neutral',
};

export function DealStageBadge({ stage }: { stage: DealStage }) {
  const { t } = useTranslation();
  return <Badge tone={TONE[stage]}>{t(`deals.stage.${stage}`)}</Badge>;
}
