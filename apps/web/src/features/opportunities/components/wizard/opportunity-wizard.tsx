import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import Check from 'lucide-react/icons/check';
import { opportunityInput } from '@safqa/shared/validation/opportunities';
import { zodErrorMap } from '@safqa/shared/validation/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { cn } from '@/lib/cn';
import { useSaveOpportunity } from '../../api/save-opportunity';
import { ConfirmReviewDialog } from './confirm-review-dialog';
import { clearDraft, loadDraft, saveDraft } from './draft';
import type { StepProps } from './step-props';
import { BasicInfoStep } from './steps/basic-info-step';
import { ContactStep } from './steps/contact-step';
import { DocumentsStep } from './steps/documents-step';
import { FinancialStep } from './steps/financial-step';
import { LocationStep } from './steps/location-step';
import { OperationStep } from './steps/operation-step';
import { ReviewStep } from './steps/review-step';
import {
  stepOfField,
  WIZARD_STEPS,
  type FileMeta,
  type StepKey,
  type WizardStep,
  type WizardValues,
} from './wizard-values';
import { Card } from '@/components/ui/card';

const STEP_COMPONENTS: Record<StepKey, ComponentType<StepProps>> = {
  basicInfo: BasicInfoStep,
  location: LocationStep,
  operationDetails: OperationStep,
  financialInfo: FinancialStep,
  documents: DocumentsStep,
  contactInfo: ContactStep,
};

interface Props {
  /** null: a new listing; otherwise the listing being edited. */
  opportunityId: number | null;
  initial: { values: WizardValues; meta: FileMeta };
  /** Editing an approved listing: submitting asks for confirmation first (it goes back to review). */
  approved: boolean;
  draftKey: string;
}

/**
 * The six-step listing form plus review (SPEC.md sections 2, 4, 5). Each step validates with its
 * shared schema before moving on; every keystroke goes to the draft, so a reload resumes where the
 * user was. Submitting validates the whole input again, and server field errors lead back to their step.
 */
export function OpportunityWizard({ opportunityId, initial, approved, draftKey }: Props) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const navigate = useNavigate();
  const save = useSaveOpportunity(opportunityId);
  const [draft] = useState(() => loadDraft(draftKey));
  const [restored, setRestored] = useState(draft !== null);
  const [values, setValues] = useState<WizardValues>(() => ({ ...initial.values, ...draft?.values }));
  const [meta, setMeta] = useState<FileMeta>(() => ({
    images: { ...initial.meta.images, ...draft?.meta.images },
    documents: { ...initial.meta.documents, ...draft?.meta.documents },
  }));
  const [step, setStep] = useState<WizardStep>(draft?.step ?? 'basicInfo');
  // An existing listing passed every step when it was saved: in edit mode every step is open at once
  // (an owner changing the price goes straight to it); a new one opens steps as they are reached.
  const allSteps = WIZARD_STEPS.length - 1;
  const firstReach = opportunityId === null ? 0 : allSteps;
  const [reached, setReached] = useState(() =>
    Math.max(firstReach, WIZARD_STEPS.indexOf(draft?.step ?? 'basicInfo')),
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  // A step's upload is in flight: moving would drop the file (StepProps.onBusyChange).
  const [uploading, setUploading] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const index = WIZARD_STEPS.indexOf(step);
  const formId = `wizard-${step}`;

  useEffect(() => {
    if (!save.isSuccess) saveDraft(draftKey, { step, values, meta });
  }, [draftKey, step, values, meta, save.isSuccess]);

  const goTo = (next: WizardStep) => {
    setStep(next);
    setReached((r) => Math.max(r, WIZARD_STEPS.indexOf(next)));
    requestAnimationFrame(() => {
      headingRef.current?.focus();
      headingRef.current?.scrollIntoView?.({ block: 'start' });
    });
  };
  const merge = (next: WizardValues) => setValues((current) => ({ ...current, ...next }));

  const startOver = () => {
    clearDraft(draftKey);
    setValues(initial.values);
    setMeta(initial.meta);
    setServerErrors({});
    setRestored(false);
    setReached(firstReach);
    setFormKey((k) => k + 1);
    goTo('basicInfo');
  };

  const submit = async () => {
    const parsed = opportunityInput.safeParse(values, { error: zodErrorMap(lng) });
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
      );
      setServerErrors(fields);
      goTo(stepOfField(String(parsed.error.issues[0]?.path[0] ?? '')) ?? 'basicInfo');
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      clearDraft(draftKey);
      toast({
        title: t(opportunityId ? 'opportunities.wizard.updated' : 'opportunities.wizard.created'),
        description: t('opportunities.wizard.pendingNote'),
      });
      void navigate(`/opportunities/${saved.id}`);
    } catch (error) {
      if (isApiError(error) && error.fields) {
        setServerErrors(error.fields);
        const first = Object.keys(error.fields).map(stepOfField).find(Boolean);
        if (first) goTo(first);
      }
      toast({
        variant: 'destructive',
        title: t('opportunities.wizard.saveFailed'),
        description: serverMessage(error) ?? t('opportunities.wizard.saveFailedBody'),
      });
    }
  };

  const Step = step === 'review' ? null : STEP_COMPONENTS[step];
  return (
    // grid-cols-1 (minmax(0, 1fr)): the step list scrolls inside the column instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <nav aria-label={t('opportunities.wizard.progressLabel')}>
        <ol className="relative flex gap-1 overflow-x-auto pb-2">
          {WIZARD_STEPS.map((key, i) => {
            const done = i < index;
            const canVisit = i <= reached && i !== index && !uploading;
            return (
              <li key={key} className="min-w-0 flex-1">
                <button
                  type="button"
                  disabled={!canVisit}
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => goTo(key)}
                  className={cn(
                    'flex w-full min-w-10 flex-col items-center gap-1 rounded-lg p-2 text-center text-xs font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-default',
                    i === index
                      ? 'text-brand-800 dark:text-brand-200'
                      : done
                        ? 'text-slate-700 dark:text-slate-300'
                        : 'text-slate-500 dark:text-slate-400',
                  )}
                >
                  <span
                    className={cn(
                      'flex size-8 items-center justify-center rounded-full border-2 text-sm',
                      i === index
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : done
                          ? 'border-brand-700 text-brand-700 dark:text-brand-300'
                          : 'border-slate-300 dark:border-slate-600',
                    )}
                  >
                    {done ? <Check aria-hidden="true" className="size-4" /> : formatNumber(i + 1, lng)}
                  </span>
                  <span className="hidden min-w-20 sm:block">{t(`opportunities.wizard.steps.${key}`)}</span>
                  {done ? <span className="sr-only">{t('opportunities.wizard.stepDone')}</span> : null}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      {restored ? (
        <Alert variant="info" title={t('opportunities.wizard.restoredTitle')}>
          <p>{t('opportunities.wizard.restoredBody')}</p>
          <Button variant="ghost" size="sm" className="mt-2 -ms-3" onClick={startOver}>
            {t('opportunities.wizard.startOver')}
          </Button>
        </Alert>
      ) : null}
      {approved ? <Alert variant="info">{t('opportunities.wizard.approvedNote')}</Alert> : null}

      <Card as="section" aria-labelledby="wizard-step-title" className="p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">
          {t('opportunities.wizard.stepOf', {
            current: formatNumber(index + 1, lng),
            total: formatNumber(WIZARD_STEPS.length, lng),
          })}
        </p>
        <h2
          id="wizard-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 mb-6 scroll-mt-24 text-xl font-bold text-slate-900 focus:outline-none dark:text-white"
        >
          {t(`opportunities.wizard.steps.${step}`)}
        </h2>
        {Step ? (
          <Step
            key={`${step}-${formKey}`}
            formId={formId}
            values={values}
            meta={meta}
            serverErrors={serverErrors}
            onChange={merge}
            onMetaChange={setMeta}
            onBusyChange={setUploading}
            onNext={(next) => {
              merge(next);
              setServerErrors((errors) =>
                Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field) !== step)),
              );
              goTo(WIZARD_STEPS[index + 1]!);
            }}
          />
        ) : (
          <ReviewStep values={values} meta={meta} onEdit={goTo} />
        )}
        <div className="mt-8 flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
          <Button
            variant="secondary"
            disabled={index === 0 || save.isPending || uploading}
            onClick={() => goTo(WIZARD_STEPS[index - 1]!)}
          >
            {t('opportunities.wizard.back')}
          </Button>
          {Step ? (
            <Button type="submit" form={formId} disabled={uploading} aria-busy={uploading || undefined}>
              {uploading ? <SpinnerIcon className="size-4" /> : null}
              {t('opportunities.wizard.next')}
            </Button>
          ) : (
            <Button
              disabled={save.isPending}
              aria-busy={save.isPending || undefined}
              onClick={() => (approved ? setConfirming(true) : void submit())}
            >
              {save.isPending ? <SpinnerIcon className="size-4" /> : null}
              {t(opportunityId ? 'opportunities.wizard.submitEdit' : 'opportunities.wizard.submit')}
            </Button>
          )}
        </div>
      </Card>
      <ConfirmReviewDialog open={confirming} onOpenChange={setConfirming} onConfirm={() => void submit()} />
    </div>
  );
}
