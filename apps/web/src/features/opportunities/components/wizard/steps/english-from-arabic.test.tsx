import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, renderWithProviders } from '@/test/utils';
import { draftKey } from '../draft';
import { OpportunityWizard } from '../opportunity-wizard';
import { EMPTY_META, EMPTY_VALUES } from '../wizard-values';

const OFFER = 'استخدم النص العربي';

function renderWizard() {
  return renderWithProviders(
    <OpportunityWizard
      opportunityId={null}
      initial={{ values: EMPTY_VALUES, meta: EMPTY_META }}
      approved={false}
      draftKey={draftKey(7, null)}
    />,
    { path: '/opportunities/add' },
  );
}

beforeEach(() => {
  localStorage.clear();
  setTokens({ accessToken: fakeJwt({ sub: '7', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  Element.prototype.scrollIntoView = vi.fn();
  mockApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('wizard step 1: an owner who writes only Arabic', { timeout: 30_000 }, () => {
  it('offers to copy the Arabic name and description into the English fields, then moves on to the location', async () => {
    renderWizard();
    expect(screen.queryByRole('button', { name: OFFER })).toBeNull();
    await userEvent.type(screen.getByLabelText('اسم المشروع بالعربية'), 'محمصة قهوة');
    await userEvent.type(screen.getByLabelText('الوصف بالعربية'), 'محمصة مختصة في الرياض بفرعين');
    await waitFor(() =>
      expect(within(screen.getByLabelText('القطاع')).getAllByRole('option')).toHaveLength(3),
    );
    fireEvent.change(screen.getByLabelText('القطاع'), { target: { value: '8' } });

    const offer = screen.getByRole('button', { name: OFFER });
    expect(offer).toHaveAccessibleDescription(/ستعرضهما الصفحة الإنجليزية كما كتبتهما/);
    await userEvent.click(offer);

    const name = screen.getByLabelText('اسم المشروع بالإنجليزية');
    expect(name).toHaveValue('محمصة قهوة');
    expect(name).toHaveAttribute('dir', 'auto');
    expect(screen.getByLabelText('الوصف بالإنجليزية')).toHaveValue('محمصة مختصة في الرياض بفرعين');
    // The offer is gone with its reason; the keyboard is on the first field it filled, not the body.
    expect(screen.queryByRole('button', { name: OFFER })).toBeNull();
    expect(name).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'التالي' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'الموقع' })).toBeInTheDocument();
  });

  it('copies only into an empty English field and leaves what the owner wrote in English', async () => {
    renderWizard();
    await userEvent.type(screen.getByLabelText('اسم المشروع بالعربية'), 'محمصة قهوة');
    await userEvent.type(screen.getByLabelText('اسم المشروع بالإنجليزية'), 'Coffee roastery');
    // Arabic name and English name filled, no Arabic description: nothing to offer.
    expect(screen.queryByRole('button', { name: OFFER })).toBeNull();
    await userEvent.type(screen.getByLabelText('الوصف بالعربية'), 'محمصة مختصة في الرياض بفرعين');
    await userEvent.click(screen.getByRole('button', { name: OFFER }));
    expect(screen.getByLabelText('اسم المشروع بالإنجليزية')).toHaveValue('Coffee roastery');
    expect(screen.getByLabelText('الوصف بالإنجليزية')).toHaveValue('محمصة مختصة في الرياض بفرعين');
    expect(screen.getByLabelText('الوصف بالإنجليزية')).toHaveFocus();
  });
});
