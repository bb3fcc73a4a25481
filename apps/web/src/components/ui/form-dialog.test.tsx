import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { FormDialog } from './form-dialog';
import { ConfirmDialog } from './confirm-dialog';

describe('dialogs open where the user starts', () => {
  it('puts the focus on the first field of a form dialog, not on its close button', async () => {
    render(
      <FormDialog
        open
        onOpenChange={() => undefined}
        title="سؤال جديد"
        onSubmit={(event) => event.preventDefault()}
        submitLabel="حفظ"
        pending={false}
      >
        <label>
          السؤال بالعربية
          <input name="questionAr" />
        </label>
      </FormDialog>,
    );
    await waitFor(() => expect(screen.getByLabelText('السؤال بالعربية')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'إغلاق' })).not.toHaveFocus();
  });

  it('leaves a dialog without fields (a confirmation) to its default focus inside it', async () => {
    render(
      <ConfirmDialog
        open
        onOpenChange={() => undefined}
        title="حذف السؤال؟"
        description="لا يمكن التراجع."
        confirmLabel="حذف"
        onConfirm={() => undefined}
        pending={false}
      />,
    );
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });
});
