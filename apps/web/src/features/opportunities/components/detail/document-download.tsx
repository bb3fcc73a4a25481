import { useState, type MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import Download from 'lucide-react/icons/download';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { buttonClasses } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { useSession } from '@/lib/use-session';
import { fetchOpportunity, opportunityKey } from '@/lib/get-opportunity';

type Document = NonNullable<OpportunityDetail['documents']>[number];
/** Why a confidential document could not be downloaded when asked for. */
export type DownloadRefusal = 'revoked' | 'unavailable';

/** The path of a signed link without its signature, to find the same file in a fresher answer. */
const pathOf = (url: string) => url.split('?')[0];

function save(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The download button of one document. A confidential one (for anyone but the owner) is asked for
 * again first: the owner may have revoked access since the page was opened, and the browser would
 * cancel the refused download (403) without a word. So the listing is read again; a fresh link is
 * used when the file is still there, and `onRefused` says why when it is not.
 */
export function DocumentDownload({
  o,
  doc,
  onRefused,
}: {
  o: OpportunityDetail;
  doc: Document;
  onRefused: (reason: DownloadRefusal) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { user } = useSession();
  const [checking, setChecking] = useState(false);
  const checked = doc.confidential && o.access !== 'owner';

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!checked) return;
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    try {
      const fresh = await fetchOpportunity(o.id);
      const same = fresh.documents?.find((d) => pathOf(d.url) === pathOf(doc.url));
      if (same) save(same.url, same.name);
      else onRefused(fresh.access === 'revoked' ? 'revoked' : 'unavailable');
      client.setQueryData(opportunityKey(o.id, user?.id ?? null), fresh);
    } catch {
      // The listing itself is gone for this caller (or the network failed): nothing to download.
      onRefused('unavailable');
    } finally {
      setChecking(false);
    }
  };

  return (
    <a
      href={doc.url}
      download={doc.name}
      onClick={(event) => void onClick(event)}
      aria-busy={checking || undefined}
      className={buttonClasses('ghost', 'sm')}
      aria-label={t('opportunities.detail.download', { name: doc.name })}
    >
      {checking ? <SpinnerIcon /> : <Download aria-hidden="true" className="size-4" />}
      <span className="hidden sm:inline">{t('opportunities.detail.downloadShort')}</span>
    </a>
  );
}
