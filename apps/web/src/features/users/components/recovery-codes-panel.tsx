import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useTranslation } from '@/lib/use-translation';

/** The text file a user keeps: a heading in the page's language, then one code per line. */
function codesFile(heading: string, codes: readonly string[]): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/**
 * The ten recovery codes, shown once after they were made (the server keeps only their hashes):
 * download as a text file, copy, and "done" once they are kept somewhere safe.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codesFile(t('users.twoStep.codesFileHeading'), codes);

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'safqa-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('users.twoStep.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('users.twoStep.copyFailed') });
    }
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-4">
      <h3 id="recovery-codes-title" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('users.twoStep.codesTitle')}
      </h3>
      <Alert variant="info" title={t('users.twoStep.codesOnceTitle')}>
        {t('users.twoStep.codesOnce')}
      </Alert>
      <ol
        data-testid="recovery-codes"
        dir="ltr"
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 p-4 font-mono text-sm text-slate-900 dark:border-slate-700 dark:text-slate-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          {t('users.twoStep.download')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('users.twoStep.copy')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('users.twoStep.codesDone')}
        </Button>
      </div>
    </section>
  );
}
