import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Field } from './form-field';
import { Select } from './select';

describe('<Select />', () => {
  it('in a Field, is named by its label and described by its hint and error, marked invalid', () => {
    render(
      <Field label="القطاع" hint="اختر قطاعًا واحدًا" error="القطاع مطلوب">
        {(control) => (
          <Select {...control} defaultValue="">
            <option value="">—</option>
            <option value="4">تجارة إلكترونية</option>
          </Select>
        )}
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'القطاع' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('اختر قطاعًا واحدًا القطاع مطلوب');
    expect(select.className).toContain('aria-[invalid=true]:border-red-600');
  });

  it('is valid without an error and keeps the classes it is given after its own', () => {
    render(
      <label>
        الترتيب
        <Select className="w-auto" defaultValue="b">
          <option value="a">أ</option>
          <option value="b">ب</option>
        </Select>
      </label>,
    );
    const select = screen.getByRole('combobox', { name: 'الترتيب' });
    expect(select).toHaveValue('b');
    expect(select).not.toHaveAttribute('aria-invalid', 'true');
    expect(select.className).toMatch(/px-3 .* w-auto$/);
  });
});
