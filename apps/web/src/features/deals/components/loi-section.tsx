import { useState } from 'react';
import FileDown from 'lucide-react/icons/file-down';
import type { Deal, DealLoi, DealSide } from '@safqa/shared/validation/deals';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { downloadFile } from '@/lib/api-client';
import { formatCurrency, formatDateTime, formatNumber, formatPercent } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { ProposeLoiDialog, SignLoiDialog } from './loi-dialogs';

function Signature({ loi, side }: { loi: DealLoi; side: DealSide }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const at = side === 'seller' ? loi.signedBySellerAt : loi.signedByBuyerAt;
  const name = side === 'seller' ? loi.sellerSignature : loi.buyerSignature;
  const who = t(`deals.side.${side}`);
  return (
    <li className="text-sm text-slate-700 dark:text-slate-300">
      {at ? (
        <>
          {t('deals.loi.signed', { side: who, date: formatDateTime(at, lng) })}{' '}
          <bdi className="font-semibold">{name}</bdi>
        </>
      ) : (
        t('deals.loi.unsigned', { side: who })
      )}
    </li>
  );
}

/** The versions of the letter of intent, newest first, with propose, sign and PDF. */
export function LoiSection({ deal }: { deal: Deal }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [proposing, setProposing] = useState(false);
  const [signing, setSigning] = useState<number | null>(null);
  const latest = deal.lois.at(-1);
  const canWrite = deal.you !== null && deal.stage === 'loi';
  const versions = [...deal.lois].reverse();
  return (
    <Card as="section" aria-labelledby="loi-title" className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="loi-title" className="text-lg font-bold text-slate-900 dark:text-white">
          {t('deals.loi.title')}
        </h2>
        {canWrite ? (
          <Button variant="secondary" onClick={() => setProposing(true)}>
            {latest ? t('deals.loi.counter') : t('deals.loi.propose')}
          </Button>
        ) : null}
      </div>
      {versions.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('deals.loi.empty')}</p>
      ) : null}
      <ol className="grid gap-3">
        {versions.map((loi) => {
          const isLatest = loi.version === latest?.version;
          const mine =
            deal.you === 'seller' ? loi.signedBySellerAt : deal.you === 'buyer' ? loi.signedByBuyerAt : 'x';
          return (
            <li
              key={loi.version}
              className="grid gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900 dark:text-white">
                  {t('deals.loi.version', { version: formatNumber(loi.version, lng) })}
                </h3>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {t('deals.loi.proposedBy', { side: t(`deals.side.${loi.proposedBy}`) })}
                </span>
                {!isLatest ? <Badge>{t('deals.loi.outdated')}</Badge> : null}
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t('deals.loi.price')}</dt>
                  <dd className="font-semibold">{formatCurrency(loi.price, lng)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t('deals.loi.percentage')}</dt>
                  <dd className="font-semibold">{formatPercent(loi.percentage, lng)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t('deals.loi.exclusivityDays')}</dt>
                  <dd className="font-semibold">{formatNumber(loi.exclusivityDays, lng)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t('deals.loi.dueDiligenceDays')}</dt>
                  <dd className="font-semibold">{formatNumber(loi.dueDiligenceDays, lng)}</dd>
                </div>
              </dl>
              {loi.conditions ? (
                <p dir="auto" className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">
                  {loi.conditions}
                </p>
              ) : null}
              <ul className="grid gap-1">
                <Signature loi={loi} side="seller" />
                <Signature loi={loi} side="buyer" />
              </ul>
              <div className="flex flex-wrap gap-2">
                {canWrite && isLatest && !mine ? (
                  <Button onClick={() => setSigning(loi.version)}>{t('deals.loi.sign')}</Button>
                ) : null}
                <Button
                  variant="ghost"
                  onClick={() =>
                    void downloadFile(
                      `/api/deals/${deal.id}/loi/${loi.version}.pdf?lang=${lng}`,
                      `loi-${deal.id}-${loi.version}.pdf`,
                      {
                        auth: true,
                      },
                    )
                  }
                >
                  <FileDown aria-hidden="true" className="size-4" />
                  {t('deals.loi.pdf')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <ProposeLoiDialog deal={deal} open={proposing} onOpenChange={setProposing} />
      <SignLoiDialog dealId={deal.id} version={signing} onClose={() => setSigning(null)} />
    </Card>
  );
}
