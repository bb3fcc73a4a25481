import { useState } from 'react';
import Paperclip from 'lucide-react/icons/paperclip';
import {
  DEAL_LIMITS,
  type ChecklistItem,
  type ChecklistStatus,
  type Deal,
} from '@safqa/shared/validation/deals';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { serverMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { usePatchChecklistItem } from '../api/patch-checklist-item';
import { AddItemDialog, UpdateItemDialog } from './checklist-dialogs';
import { FileName } from '@/components/ui/file-name';

const TONE: Record<ChecklistStatus, BadgeTone> = {
  open: 'warning',
  done: 'success',
  not_applicable: 'neutral',
};

/** The due-diligence checklist: items by side, marked done or not applicable, with notes and documents. */
export function ChecklistSection({ deal }: { deal: Deal }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const patch = usePatchChecklistItem(deal.id);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ChecklistItem | null>(null);
  const canWrite = deal.you !== null && ['loi', 'due_diligence', 'closing'].includes(deal.stage);
  // In closing the checklist is settled: the server refuses new and reopened items (CHECKLIST_LOCKED),
  // and a full checklist takes no more (CHECKLIST_FULL); the buttons are not offered then.
  const settled = deal.stage === 'closing';
  const canAdd = canWrite && !settled && deal.checklist.length < DEAL_LIMITS.checklistMax;
  const mark = (item: ChecklistItem, status: ChecklistStatus) => patch.mutate({ itemId: item.id, status });
  return (
    <Card as="section" aria-labelledby="checklist-title" className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checklist-title" className="text-lg font-bold text-slate-900 dark:text-white">
          {t('deals.checklist.title')}
        </h2>
        {canAdd ? (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {t('deals.checklist.add')}
          </Button>
        ) : null}
      </div>
      {patch.isError ? <Alert variant="error">{serverMessage(patch.error)}</Alert> : null}
      {deal.checklist.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('deals.checklist.empty')}</p>
      ) : null}
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {deal.checklist.map((item) => (
          <li key={item.id} className="grid gap-2 py-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900 dark:text-white" dir="auto">
                {item.title}
              </span>
              <Badge tone={TONE[item.status]}>{t(`deals.checklist.status.${item.status}`)}</Badge>
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {t('deals.checklist.side')}: {t(`deals.side.${item.side}`)}
              </span>
              {item.dueDate ? (
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {t('deals.checklist.due', { date: formatDate(item.dueDate, lng) })}
                </span>
              ) : null}
            </div>
            {item.note ? (
              <p dir="auto" className="text-sm text-slate-700 dark:text-slate-300">
                {item.note}
              </p>
            ) : null}
            {item.documents.length ? (
              <ul className="flex flex-wrap gap-2" aria-label={t('deals.checklist.documents')}>
                {item.documents.map((doc) => (
                  <li key={doc.id}>
                    <a
                      href={doc.url}
                      className="inline-flex items-center gap-1 text-sm text-brand-700 underline dark:text-brand-300"
                    >
                      <Paperclip aria-hidden="true" className="size-3.5" />
                      <FileName name={doc.name} />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {canWrite ? (
              <div className="flex flex-wrap gap-2">
                {item.status === 'open' ? (
                  <>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={patch.isPending}
                      onClick={() => mark(item, 'done')}
                      aria-label={`${t('deals.checklist.markDone')}: ${item.title}`}
                    >
                      {t('deals.checklist.markDone')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={patch.isPending}
                      onClick={() => mark(item, 'not_applicable')}
                      aria-label={`${t('deals.checklist.markNa')}: ${item.title}`}
                    >
                      {t('deals.checklist.markNa')}
                    </Button>
                  </>
                ) : settled ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={patch.isPending}
                    onClick={() => mark(item, 'open')}
                    aria-label={`${t('deals.checklist.reopen')}: ${item.title}`}
                  >
                    {t('deals.checklist.reopen')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setEditing(item)}
                  aria-label={`${t('deals.checklist.attach')}: ${item.title}`}
                >
                  {t('deals.checklist.attach')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <AddItemDialog dealId={deal.id} open={adding} onOpenChange={setAdding} />
      <UpdateItemDialog dealId={deal.id} item={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
