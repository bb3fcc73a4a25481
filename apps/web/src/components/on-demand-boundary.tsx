import { Component, Suspense, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

interface Props {
  /** From useDialogOnDemand: a new attempt starts a fresh boundary. */
  attempt: number;
  onFailed: () => void;
  children: ReactNode;
}

/**
 * Around a dialog fetched on demand (lib/use-dialog-on-demand.ts). If its code cannot be fetched (the
 * network dropped, or a deploy removed the old file), the page stays as it is, a toast says so and
 * offers to reload, and the button tries again on the next click, instead of the page's error screen.
 */
export function OnDemandBoundary({ attempt, onFailed, children }: Props) {
  const { t } = useTranslation();
  return (
    <LoadFailureBoundary
      key={attempt}
      onFailed={() => {
        toast({
          variant: 'destructive',
          title: t('common.onDemand.failedTitle'),
          description: t('common.onDemand.failedBody'),
          action: (
            <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
              {t('common.error.reload')}
            </Button>
          ),
        });
        onFailed();
      }}
    >
      <Suspense fallback={null}>{children}</Suspense>
    </LoadFailureBoundary>
  );
}

class LoadFailureBoundary extends Component<
  { onFailed: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFailed();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
