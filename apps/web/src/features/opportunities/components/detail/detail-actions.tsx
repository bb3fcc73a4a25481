import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import Bookmark from 'lucide-react/icons/bookmark';
import BookmarkCheck from 'lucide-react/icons/bookmark-check';
import FileDown from 'lucide-react/icons/file-down';
import Link2 from 'lucide-react/icons/link-2';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { loginPathFor } from '@/lib/auth-redirect';
import { useSetFavorite } from '@/lib/set-favorite';
import { useSession } from '@/lib/use-session';
import { downloadTeaser } from '../../api/download-teaser';

/** Bookmark toggle: signed-out visitors go to sign in first and come back here. */
export function BookmarkButton({ id, isFavorite }: { id: number; isFavorite: boolean }) {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useSetFavorite();
  const Icon = isFavorite ? BookmarkCheck : Bookmark;
  return (
    <Button
      variant={isFavorite ? 'primary' : 'secondary'}
      aria-pressed={isFavorite}
      disabled={toggle.isPending}
      onClick={() => {
        if (!isSignedIn) {
          void navigate(loginPathFor(location), { state: { from: location } });
          return;
        }
        toggle.mutate(
          { id, favorite: !isFavorite },
          {
            onSuccess: () =>
              toast({
                title: t(
                  isFavorite ? 'opportunities.detail.bookmarkRemoved' : 'opportunities.detail.bookmarkAdded',
                ),
                size: 'sm',
              }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('opportunities.detail.bookmarkFailed'),
                description: serverMessage(error) ?? undefined,
              }),
          },
        );
      }}
      className="flex-1"
    >
      <Icon aria-hidden="true" className="size-5" />
      {t(isFavorite ? 'opportunities.detail.bookmarked' : 'opportunities.detail.bookmark')}
    </Button>
  );
}

/** Copies the page address; a refused clipboard shows the error of SPEC.md section 8. */
export async function copyLink(url: string, texts: { copied: string; failedTitle: string; failed: string }) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(url);
    toast({ title: texts.copied, size: 'sm' });
  } catch (error) {
    console.warn('Copying the link failed', error);
    toast({ variant: 'destructive', title: texts.failedTitle, description: texts.failed });
  }
}

/** Share by copying the link, or as the one-page PDF teaser. */
export function ShareButtons({ id }: { id: number }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button
        variant="secondary"
        onClick={() =>
          void copyLink(window.location.href, {
            copied: t('opportunities.share.copied'),
            failedTitle: t('opportunities.share.errorTitle'),
            failed: t('opportunities.share.copyFailed'),
          })
        }
      >
        <Link2 aria-hidden="true" className="size-5" />
        {t('opportunities.share.copy')}
      </Button>
      <Button
        variant="secondary"
        disabled={downloading}
        aria-busy={downloading || undefined}
        onClick={() => {
          setDownloading(true);
          downloadTeaser(id)
            .catch((error: unknown) => {
              console.warn('PDF teaser failed', error);
              toast({
                variant: 'destructive',
                title: t('opportunities.share.errorTitle'),
                description: serverMessage(error) ?? t('opportunities.share.pdfFailed'),
              });
            })
            .finally(() => setDownloading(false));
        }}
      >
        {downloading ? (
          <SpinnerIcon className="size-5" />
        ) : (
          <FileDown aria-hidden="true" className="size-5" />
        )}
        {t('opportunities.share.pdf')}
      </Button>
    </div>
  );
}
