import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CommitSelect } from './commit-select';

function renderSelect(onCommit: (value: string) => void) {
  render(
    <label>
      القطاع
      <CommitSelect value="" onCommit={onCommit}>
        <option value="">الكل</option>
        <option value="4">تجارة إلكترونية</option>
        <option value="8">أغذية ومشروبات</option>
      </CommitSelect>
    </label>,
  );
  return screen.getByLabelText('القطاع') as HTMLSelectElement;
}

/** What Chromium does on an arrow key in a closed select: the key, then `change` with the next option. */
function arrowTo(select: HTMLSelectElement, value: string) {
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  fireEvent.change(select, { target: { value } });
}

describe('CommitSelect', () => {
  it('does not apply each option passed with the arrow keys, only the one left on when leaving the field', () => {
    const onCommit = vi.fn();
    const select = renderSelect(onCommit);
    select.focus();
    arrowTo(select, '4');
    arrowTo(select, '8');
    expect(onCommit).not.toHaveBeenCalled();
    expect(select).toHaveValue('8');
    fireEvent.blur(select);
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith('8');
  });

  it('applies the arrowed option on Enter, once', () => {
    const onCommit = vi.fn();
    const select = renderSelect(onCommit);
    arrowTo(select, '4');
    fireEvent.keyDown(select, { key: 'Enter' });
    fireEvent.blur(select);
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith('4');
  });

  it('applies a choice made with the mouse or a tap at once', () => {
    const onCommit = vi.fn();
    const select = renderSelect(onCommit);
    fireEvent.change(select, { target: { value: '8' } });
    expect(onCommit).toHaveBeenCalledWith('8');
  });
});
