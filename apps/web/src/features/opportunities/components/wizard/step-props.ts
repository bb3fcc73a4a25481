import type { FileMeta, WizardValues } from './wizard-values';

/** What the wizard gives every step: its form id (the shell's Next button submits it), values and callbacks. */
export interface StepProps {
  formId: string;
  values: WizardValues;
  meta: FileMeta;
  serverErrors: Record<string, string>;
  /** Every edit, for the draft. */
  onChange: (values: WizardValues) => void;
  onMetaChange: (meta: FileMeta) => void;
  /** The step's values once its schema accepts them. */
  onNext: (values: WizardValues) => void;
  /**
   * A file is uploading (steps with uploads call it through `useUploadGate`): the wizard holds Next,
   * Back and the step list, so leaving the step cannot drop a file whose upload has not answered yet.
   */
  onBusyChange: (busy: boolean) => void;
}
