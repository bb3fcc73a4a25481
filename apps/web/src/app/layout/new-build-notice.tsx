import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import {
  checkBuildOnReturn,
  hasUnsavedInput,
  isNewBuildAvailable,
  subscribeToNewBuild,
} from '@/lib/app-build';
import { useTranslation } from '@/lib/use-translation';

/**
 * "A new version is available — Reload" once the tab notices a deploy (lib/app-build.ts). It never
 * reloads by itself and covers nothing being typed: a bar at the bottom, announced politely. With a
 * form holding typed text, the first click says it would be lost and asks again.
 */
export function NewBuildNotice() {
  const { t } = useTranslation();
  const available = useSyncExternalStore(subscribeToNewBuild, isNewBuildAvailable, () => false);
  const [dismissed, setDismissed] = useState(false);
  const [warned, setWarned] = useState(false);
  useEffect(() => checkBuildOnReturn(), []);

  const reload = () => {
    if (!warned && hasUnsavedInput()) return setWarned(true);
    window.location.reload();
  };
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {available && !dismissed ? (
        <div className="pointer-events-auto flex max-w-xl flex-wrap items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100">
          <p className="min-w-48 flex-1">
            {t(warned ? 'common.newBuild.unsaved' : 'common.newBuild.available')}
          </p>
          <Button size="sm" onClick={reload}>
            {t(warned ? 'common.newBuild.reloadAnyway' : 'common.newBuild.reload')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDismissed(true)}>
            {t('common.newBuild.later')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
