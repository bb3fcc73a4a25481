import { useState } from 'react';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import type { DocumentAccess } from '@safqa/shared/validation/opportunities';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { useAreas } from '@/lib/use-areas';
import { AccessStatusBadge } from './access-status-badge';
import { RequestAccessForm } from './request-access-form';

export interface DataRoomPanelProps {
  opportunityId: number;
  confidentialCount: number;
  access: Exclude<DocumentAccess, 'owner'>;
  /** Requests are taken only on approved listings. */
  canRequest: boolean;
}

const NOTICE_VARIANT = { pending: 'info', approved: 'success', declined: 'info', revoked: 'error' } as const;

/**
 * What a signed-in investor sees of a listing's data room: how many confidential documents it holds,
 * and either the way to ask for them or the state of their request.
 */
export function DataRoomPanel({ opportunityId, confidentialCount, access, canRequest }: DataRoomPanelProps) {
  const ready = useAreas(['data-room']);
  const { t } = useTranslation();
  const lng = useLanguage();
  const [open, setOpen] = useState(false);
  if (!ready) return null;

  return (
    <section
      id="data-room"
      aria-labelledby="data-room-title"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <LockKeyhole
          aria-hidden="true"
          className="mt-0.5 size-6 shrink-0 text-brand-700 dark:text-brand-300"
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id="data-room-title" className="text-lg font-bold text-slate-900 dark:text-white">
            {t('data-room.panel.title')}
          </h2>
          <p
            className="text-sm font-semibold text-slate-800 dark:text-slate-200"
            data-testid="confidential-count"
          >
            {t('data-room.panel.count', {
              count: confidentialCount,
              formatted: formatNumber(confidentialCount, lng),
            })}
          </p>
        </div>
      </div>
      {access === 'none' ? (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('data-room.panel.intro')}</p>
          {!canRequest ? null : open ? (
            <RequestAccessForm opportunityId={opportunityId} onCancel={() => setOpen(false)} />
          ) : (
            <Button onClick={() => setOpen(true)} className="w-full">
              {t('data-room.panel.request')}
            </Button>
          )}
        </>
      ) : (
        <div className="grid gap-2">
          <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            {t('data-room.panel.status')}: <AccessStatusBadge status={access} />
          </p>
          <Alert variant={NOTICE_VARIANT[access]}>{t(`data-room.panel.${access}`)}</Alert>
        </div>
      )}
    </section>
  );
}
