import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@/test/api-mock';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { EMPTY_VALUES, type WizardValues } from '../wizard-values';
import { DocumentsStep } from './documents-step';

const images = ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg'];
const meta = {
  images: Object.fromEntries(images.map((url) => [url, { thumbnailUrl: url.replace('.jpg', '-thumb.jpg') }])),
  documents: {},
};

function renderStep() {
  const onChange = vi.fn<(values: WizardValues) => void>();
  renderWithProviders(
    <DocumentsStep
      formId="documents"
      values={{ ...EMPTY_VALUES, images, documents: [] }}
      meta={meta}
      serverErrors={{}}
      onChange={onChange}
      onMetaChange={() => undefined}
      onNext={() => undefined}
      onBusyChange={() => undefined}
    />,
  );
  return { onChange };
}

/** The pictures in the order the listing will have them: their thumbnails, first to last. */
const shownOrder = () =>
  screen.getAllByRole('img').map((img) => (img as HTMLImageElement).getAttribute('src'));

beforeEach(() => mockApi());
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('ar');
});

describe('DocumentsStep: the owner chooses the cover picture', () => {
  it('moves the chosen picture first (the cover), keeps the others in order and the focus on the moved picture', async () => {
    await setLanguage('en');
    const { onChange } = renderStep();
    expect(screen.getByText('Cover')).toBeInTheDocument();
    // The cover has no "set as cover" button; each other picture has one, named by its number.
    expect(screen.queryByRole('button', { name: 'Set as cover Picture 1' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Set as cover Picture 3' }));

    expect(shownOrder()).toEqual(['/uploads/c-thumb.jpg', '/uploads/a-thumb.jpg', '/uploads/b-thumb.jpg']);
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({ images: ['/uploads/c.jpg', '/uploads/a.jpg', '/uploads/b.jpg'] }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove picture 1' })).toHaveFocus());
    expect(screen.getByText(/Picture 3 is now the cover/)).toBeInTheDocument();
    const first = screen.getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Cover')).toBeInTheDocument();
  });

  it('says it in Arabic', async () => {
    await setLanguage('ar');
    renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'اجعلها الغلاف الصورة 2' }));
    expect(shownOrder()[0]).toBe('/uploads/b-thumb.jpg');
    expect(screen.getByText(/أصبحت الصورة 2 الغلاف/)).toBeInTheDocument();
  });
});
