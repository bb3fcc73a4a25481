import { useLocation, useNavigate } from 'react-router';
import Flag from 'lucide-react/icons/flag';
import { useTranslation } from '@/lib/use-translation';
import { useAreas } from '@/lib/use-areas';
import type { ReportTargetType } from '@safqa/shared/validation/reports';
import { OnDemandBoundary } from '@/components/on-demand-boundary';
import { Button } from '@/components/ui/button';
import { loginPathFor } from '@/lib/auth-redirect';
import { useDialogOnDemand } from '@/lib/use-dialog-on-demand';
import { useSession } from '@/lib/use-session';

const loadDialog = () => import('./report-dialog').then((m) => ({ default: m.ReportDialog }));

/**
 * "Report" on a listing, its owner's card or a chat message (API.md "Trust and safety"). Signed-out
 * visitors sign in first. The form is fetched on demand (lib/use-dialog-on-demand.ts), as the WhatsApp
 * dialog is. `label` names what is reported for screen readers where the button sits among many.
 */
export function ReportButton({
  targetType,
  targetId,
  label,
  compact = false,
}: {
  targetType: ReportTargetType;
  targetId: number;
  label?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  // Its texts live in the safety catalogue, which the first page does not load (decision 005).
  const textsReady = useAreas(['safety']);
  const { isSignedIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { open, setOpen, wanted, opener, Dialog, attempt, failed, triggerProps } =
    useDialogOnDemand(loadDialog);
  if (!textsReady) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        {...triggerProps}
        aria-label={label}
        className={compact ? 'h-auto px-1.5 py-0.5 text-xs' : undefined}
        onClick={() => {
          if (!isSignedIn) {
            void navigate(loginPathFor(location), { state: { from: location } });
            return;
          }
          triggerProps.onClick();
        }}
      >
        <Flag aria-hidden="true" className={compact ? 'size-3.5' : 'size-4'} />
        {t(`safety.report.button.${targetType}`)}
      </Button>
      {wanted ? (
        <OnDemandBoundary attempt={attempt} onFailed={failed}>
          <Dialog
            targetType={targetType}
            targetId={targetId}
            open={open}
            onOpenChange={setOpen}
            opener={opener}
          />
        </OnDemandBoundary>
      ) : null}
    </>
  );
}
