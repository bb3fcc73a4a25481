import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { hydrateAfter } from '@/test/hydrate';
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

/** A filter as the search page writes it: a controlled select, its choice shown beside it. */
function SectorFilter({ sectors, onChoose }: { sectors: string[]; onChoose?: (value: string) => void }) {
  const [sector, setSector] = useState('');
  return (
    <label>
      القطاع
      <Select
        value={sector}
        onChange={(event) => {
          onChoose?.(event.target.value);
          setSector(event.target.value);
        }}
      >
        <option value="">الكل</option>
        {sectors.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </Select>
      <output>{sector}</output>
    </label>
  );
}

describe('<Select /> of a server-rendered page', () => {
  it('keeps a choice made before hydration: its onChange hears of it once and the next render keeps it', async () => {
    const chosen = vi.fn();
    // Chosen while the page was only server HTML: the DOM has the choice, no React state does.
    const container = await hydrateAfter(
      <SectorFilter sectors={['4', '8']} />,
      (html) => void (html.querySelector('select')!.value = '8'),
      <SectorFilter sectors={['4', '8']} onChoose={chosen} />,
    );

    expect(chosen.mock.calls).toEqual([['8']]);
    expect(container.querySelector('output')!.textContent).toBe('8');
    expect(container.querySelector('select')!.value).toBe('8');
  });

  it('reports nothing for a select the browser rendered whose options have not arrived yet', async () => {
    function Loading({ sectors }: { sectors: string[] }) {
      return (
        <Select aria-label="القطاع" value="8" onChange={chosen}>
          <option value="">…</option>
          {sectors.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </Select>
      );
    }
    const chosen = vi.fn();
    const { rerender } = render(<Loading sectors={[]} />);
    rerender(<Loading sectors={['4', '8']} />);
    expect(chosen).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'القطاع' })).toHaveValue('8');
  });
});
