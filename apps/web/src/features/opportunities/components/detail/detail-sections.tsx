import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import FileText from 'lucide-react/icons/file-text';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import Lock from 'lucide-react/icons/lock';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { loginPathFor } from '@/lib/auth-redirect';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '@/lib/format';
import { asLanguage, localized } from '@/lib/localized';
import { DocumentDownload, type DownloadRefusal } from './document-download';
import { FileName } from '@/components/ui/file-name';

export function Section({ title, children, id }: { title: ReactNode; children: ReactNode; id: string }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="mb-4 text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Operation facts everyone may see. */
export function OperationFacts({ o }: { o: OpportunityDetail }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const dash = t('opportunities.detail.notGiven');
  const items: Array<[string, ReactNode]> = [
    [
      t('opportunities.fields.facilityFoundationDay'),
      formatDate(o.facilityFoundationDay, lng, 'long') || dash,
    ],
    [t('opportunities.fields.facilitySize'), formatNumber(o.facilitySize, lng)],
    [
      t('opportunities.fields.employeesCount'),
      o.employeesCount === null ? dash : formatNumber(o.employeesCount, lng),
    ],
    [
      t('opportunities.fields.branchesCount'),
      o.branchesCount === null ? dash : formatNumber(o.branchesCount, lng),
    ],
    [
      t('opportunities.fields.companyAgeId'),
      o.companyAge ? localized(o.companyAge.nameAR, o.companyAge.nameEN, lng) : dash,
    ],
    [
      t('opportunities.fields.companySizeId'),
      o.companySize ? localized(o.companySize.nameAR, o.companySize.nameEN, lng) : dash,
    ],
  ];
  return <Facts items={items} />;
}

/** The sign-in call shown instead of what the server keeps from anonymous visitors. */
export function LockedNotice({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-8 text-center dark:border-slate-700 dark:bg-slate-950">
      <Lock aria-hidden="true" className="size-8 text-brand-700 dark:text-brand-300" />
      <p className="max-w-sm text-sm text-slate-700 dark:text-slate-300">{children}</p>
      <Link to={loginPathFor(location)} state={{ from: location }} className={buttonClasses('primary', 'md')}>
        {t('opportunities.detail.signIn')}
      </Link>
    </div>
  );
}

/** Financial details: locked for anonymous visitors (`financialsLocked`; the server sent none). */
export function Financials({ o }: { o: OpportunityDetail }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  if (o.financialsLocked) return <LockedNotice>{t('opportunities.detail.financialsLocked')}</LockedNotice>;
  const items: Array<[string, ReactNode]> = [
    [t('opportunities.fields.yearlySales'), formatCurrency(o.yearlySales, lng)],
    [t('opportunities.fields.yearlyOperationalCost'), formatCurrency(o.yearlyOperationalCost, lng)],
    [t('opportunities.fields.ebitda'), formatCurrency(o.ebitda, lng)],
    [
      t('opportunities.fields.expectedYearProfitPercentage'),
      formatPercent(o.expectedYearProfitPercentage, lng),
    ],
  ];
  return (
    <div className="grid gap-4">
      <Facts items={items} />
      {o.extraDetails ? (
        <div>
          <h3 className="text-sm text-slate-600 dark:text-slate-400">
            {t('opportunities.fields.extraDetails')}
          </h3>
          <p className="mt-1 whitespace-pre-line text-slate-900 dark:text-slate-100" dir="auto">
            {o.extraDetails}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function fileSize(bytes: number, lng: 'ar' | 'en') {
  const mb = bytes / (1024 * 1024);
  return mb >= 1
    ? `${formatNumber(mb, lng, 1)} ${lng === 'ar' ? 'م.ب' : 'MB'}`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)), lng)} ${lng === 'ar' ? 'ك.ب' : 'KB'}`;
}

/** Documents through their signed, expiring links (signed-in callers only). */
export function Documents({ o }: { o: OpportunityDetail }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  // Kept here, not on the button: the refused document leaves the list when the listing is read again.
  const [refused, setRefused] = useState<DownloadRefusal | null>(null);
  const refusal = refused ? (
    <Alert variant="error" title={t(`opportunities.detail.downloadRefused.${refused}`)}>
      {t(`opportunities.detail.downloadRefused.${refused}Body`)}
    </Alert>
  ) : null;
  if (o.financialsLocked) return <LockedNotice>{t('opportunities.detail.documentsLocked')}</LockedNotice>;
  const hidden =
    (o.confidentialDocumentsCount ?? 0) - (o.documents ?? []).filter((d) => d.confidential).length;
  // Confidential documents the caller may not see yet: counted, with the way to ask (the data room panel).
  const hiddenNote =
    hidden > 0 ? (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <LockKeyhole aria-hidden="true" className="size-4 text-amber-700 dark:text-amber-300" />
        {t('opportunities.detail.confidentialHidden', {
          count: hidden,
          formatted: formatNumber(hidden, lng),
        })}
        {o.access === 'none' && o.status === 'approved' ? (
          <a href="#data-room" className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t('opportunities.detail.requestAccessLink')}
          </a>
        ) : null}
      </p>
    ) : null;
  if (!o.documents?.length)
    return (
      <div className="grid gap-3">
        {refusal}
        {hiddenNote ?? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('opportunities.detail.noDocuments')}
          </p>
        )}
      </div>
    );
  return (
    <div className="grid gap-3">
      {refusal}
      <ul className="grid gap-2">
        {o.documents.map((doc) => (
          <li
            key={doc.url}
            className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
          >
            <FileText aria-hidden="true" className="size-6 shrink-0 text-brand-700 dark:text-brand-300" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900 dark:text-white">
                <FileName name={doc.name} />
              </p>
              <p className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                {fileSize(doc.size, lng)}
                {doc.confidential ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                    <LockKeyhole aria-hidden="true" className="size-3" />
                    {t('opportunities.detail.confidentialBadge')}
                  </span>
                ) : null}
              </p>
            </div>
            <DocumentDownload o={o} doc={doc} onRefused={setRefused} />
          </li>
        ))}
      </ul>
      {hiddenNote}
    </div>
  );
}
