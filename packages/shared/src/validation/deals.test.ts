import { describe, expect, it } from 'vitest';
import { accessRequestInput } from './data-room';
import {
  checklistCreateInput,
  checklistPatchInput,
  loiInput,
  loiSignInput,
  stageInput,
  withoutInvisibleControls,
} from './deals';

describe('loiSignInput.fullName (the form and the server)', () => {
  it('drops bidi controls and zero-width characters, then counts 3-100 characters', () => {
    const parsed = loiSignInput.parse({ fullName: '\u202E Khalid\u200B Saad \u2069', accept: true });
    expect(parsed.fullName).toBe('Khalid Saad');
    for (const fullName of ['\u202Eab\u200F', '\u2066\u2067\u2068ab', 'a'.repeat(101) + '\u200B']) {
      expect(loiSignInput.safeParse({ fullName, accept: true }).success, JSON.stringify(fullName)).toBe(
        false,
      );
    }
    expect(
      loiSignInput.parse({ fullName: '\uFEFF'.repeat(20) + 'n'.repeat(100), accept: true }).fullName,
    ).toBe('n'.repeat(100));
  });

  it('leaves Arabic letters and their joining marks alone', () => {
    expect(withoutInvisibleControls('محمد\u061C العتيبي\u200E')).toBe('محمد العتيبي');
    expect(withoutInvisibleControls('لا إله')).toBe('لا إله');
  });
});

describe('checklistCreateInput.dueDate', () => {
  it('takes real calendar days only', () => {
    const day = (dueDate: string) =>
      checklistCreateInput.safeParse({ title: 'Lease', side: 'buyer', dueDate });
    for (const bad of ['2024-13-45', '2024-02-30', '2023-02-29', '2024-04-31', '1999-12-31', '2024-1-05']) {
      expect(day(bad).success, bad).toBe(false);
    }
    for (const good of ['2024-02-29', '2026-12-31', '2000-01-01']) expect(day(good).success, good).toBe(true);
  });
});

describe('texts the other party reads (fuzz of [security-2]: U+202E kept in terms, items and notes)', () => {
  const override = '\u202Egnp.exe\u202C Khalid';
  it('drop the controls that reorder text, wherever the deal prints or shows them', () => {
    const loi = loiInput.parse({
      price: 500_000,
      percentage: 20,
      exclusivityDays: 30,
      dueDiligenceDays: 30,
      conditions: `${override} \u2066شرط\u2069`,
    });
    expect(loi.conditions).toBe('gnp.exe Khalid شرط');
    expect(checklistCreateInput.parse({ title: override, side: 'seller' }).title).toBe('gnp.exe Khalid');
    expect(checklistPatchInput.parse({ status: 'done', note: `\u200B${override}` }).note).toBe(
      'gnp.exe Khalid',
    );
    expect(stageInput.parse({ stage: 'cancelled', reason: override }).reason).toBe('gnp.exe Khalid');
    expect(accessRequestInput.parse({ message: `${override} يريد القوائم`, acceptTerms: true }).message).toBe(
      'gnp.exe Khalid يريد القوائم',
    );
  });

  it('keep the marks and joiners Arabic, Persian and emoji need, and count what is left', () => {
    const text = 'السعر 500\u200F ألف، می\u200Cخواهم 👨\u200D💼';
    expect(checklistPatchInput.parse({ status: 'done', note: text }).note).toBe(text);
    expect(checklistCreateInput.safeParse({ title: '\u202Eab\u202C', side: 'seller' }).success).toBe(false);
  });
});
