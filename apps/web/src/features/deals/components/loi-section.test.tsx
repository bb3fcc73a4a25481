import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deal } from '@safqa/shared/validation/deals';
import { clearTokens, setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { LoiSection } from './loi-section';
import { testDeal } from './test-deal';

const loi = {
  version: 2,
  price: 850000,
  percentage: 100,
  exclusivityDays: 30,
  dueDiligenceDays: 14,
  conditions: 'Lease transfer',
  proposedBy: 'buyer' as const,
  createdAt: '2026-01-02T00:00:00Z',
  signedBySellerAt: null,
  signedByBuyerAt: '2026-01-02T10:00:00Z',
  sellerSignature: null,
  buyerSignature: 'Khalid Saad',
};
const deal: Deal = testDeal({
  opportunity: { ...testDeal().opportunity, dealState: null },
  lois: [{ ...loi, version: 1, signedByBuyerAt: null, buyerSignature: null }, loi],
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearTokens();
  await setLanguage('ar');
});

describe('Letter of intent', () => {
  it.each([
    [
      'ar',
      'توقيع',
      'يجب الموافقة على الشروط قبل التوقيع',
      'اسمك الكامل',
      'أوافق على شروط هذه النسخة من خطاب النوايا',
    ],
    [
      'en',
      'Sign',
      'You must accept the terms before signing',
      'Your full name',
      'I accept the terms of this version of the letter of intent',
    ],
  ] as const)(
    'signs only the latest version, with the typed name and the accepted terms (%s)',
    async (lng, sign, refusal, nameLabel, acceptLabel) => {
      setTokens({ accessToken: fakeJwt({ sub: '1', role: 'user', exp: inOneHour() }), refreshToken: 'r' });
      await setLanguage(lng);
      const fetchMock = vi.fn(async () => jsonResponse({ ...loi, signedBySellerAt: '2026-01-03T00:00:00Z' }));
      vi.stubGlobal('fetch', fetchMock);
      renderWithProviders(<LoiSection deal={deal} />);
      // One sign button: version 1 is outdated, and the buyer's signature of version 2 is shown.
      const buttons = screen.getAllByRole('button', { name: sign });
      expect(buttons).toHaveLength(1);
      expect(screen.getByText('Khalid Saad')).toBeInTheDocument();
      fireEvent.click(buttons[0]!);
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText(nameLabel), { target: { value: 'Mohammed Alotaibi' } });
      fireEvent.click(within(dialog).getByRole('button', { name: sign }));
      expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
      fireEvent.click(within(dialog).getByLabelText(acceptLabel));
      fireEvent.click(within(dialog).getByRole('button', { name: sign }));
      const calls = () => fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
      const signCall = () => calls().find(([url]) => String(url).includes('/api/deals/7/loi/2/sign'));
      await waitFor(() => expect(signCall()).toBeDefined());
      const [, init] = signCall()!;
      expect(JSON.parse(String(init.body))).toEqual({ fullName: 'Mohammed Alotaibi', accept: true });
    },
  );
});
