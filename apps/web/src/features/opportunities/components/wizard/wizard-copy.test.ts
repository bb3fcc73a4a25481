import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar/opportunities.json';
import en from '@/locales/en/opportunities.json';
import { WIZARD_STEPS } from './wizard-values';

describe("the wizard's introduction", () => {
  it('counts the steps the stepper shows ("step 1 of 7" under "seven short steps", not "six")', () => {
    expect(WIZARD_STEPS).toHaveLength(7);
    expect(ar.wizard.addSubtitle).toMatch(/^سبع خطوات/);
    expect(en.wizard.addSubtitle).toMatch(/^Seven short steps/);
  });
});
