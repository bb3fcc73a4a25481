import type { FileMeta, WizardStep, WizardValues } from './wizard-values';
import { WIZARD_STEPS } from './wizard-values';

/**
 * The wizard's draft in localStorage, so that what the user typed survives a reload, a closed tab or
 * a trip to sign in again: one draft for a new listing and one per listing being edited, per user.
 */
export interface Draft {
  version: 1;
  step: WizardStep;
  values: WizardValues;
  meta: FileMeta;
  savedAt: string;
}

export function draftKey(userId: number | null, opportunityId: number | null): string {
  return `opportunity-draft:${userId ?? 'anonymous'}:${opportunityId ?? 'new'}`;
}

export function loadDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<Draft>;
    if (draft.version !== 1 || typeof draft.values !== 'object' || draft.values === null) return null;
    return {
      version: 1,
      step: WIZARD_STEPS.includes(draft.step as WizardStep) ? (draft.step as WizardStep) : 'basicInfo',
      values: draft.values,
      meta: { images: draft.meta?.images ?? {}, documents: draft.meta?.documents ?? {} },
      savedAt: typeof draft.savedAt === 'string' ? draft.savedAt : new Date(0).toISOString(),
    };
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: Omit<Draft, 'version' | 'savedAt'>) {
  try {
    localStorage.setItem(key, JSON.stringify({ version: 1, savedAt: new Date().toISOString(), ...draft }));
  } catch {
    /* storage full or blocked: the wizard still works, only without the safety net */
  }
}

export function clearDraft(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    /* nothing to clear */
  }
}
