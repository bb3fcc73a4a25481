import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@/test/utils';
import { Toaster } from './toaster';
import { dismissToast, toast } from './toast';

function viewAt(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query === '(min-width: 640px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

async function renderToaster() {
  render(<Toaster />);
  return screen.findByRole('region', { name: 'الإشعارات' });
}

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await setLanguage('ar');
});

describe('<Toaster /> and toast() (sonner)', () => {
  it('shows the newest toast only (TOAST.limit), inside a labelled polite live region', async () => {
    const region = await renderToaster();
    expect(region).toHaveAttribute('aria-live', 'polite');
    toast({ title: 'أول' });
    expect(await within(region).findByRole('status')).toHaveTextContent('أول');
    toast({ title: 'ثانٍ', description: 'تفاصيل' });
    await waitFor(() => expect(region).not.toHaveTextContent('أول'));
    expect(within(region).getByRole('status')).toHaveTextContent('ثانٍتفاصيل');
  });

  it('announces destructive toasts as alerts', async () => {
    await renderToaster();
    toast({ title: 'فشل', variant: 'destructive' });
    expect(await screen.findByRole('alert')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a toast asked for before the toaster arrived, once it has', async () => {
    toast({ title: 'مبكر' });
    render(<Toaster />);
    expect(await screen.findByRole('status')).toHaveTextContent('مبكر');
  });

  it('closes itself after its duration, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderToaster();
    toast({ title: 'مؤقت', duration: 3000 });
    await screen.findByText('مؤقت');
    act(() => void vi.advanceTimersByTime(2500));
    expect(screen.getByText('مؤقت')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByText('مؤقت')).toBeNull());
  });

  it('closes from its button, from Escape within it, and all at once with dismissToast()', async () => {
    const user = userEvent.setup();
    await renderToaster();
    toast({ title: 'أغلقني', duration: Infinity });
    await user.click(await screen.findByRole('button', { name: 'إغلاق الإشعار' }));
    await waitFor(() => expect(screen.queryByText('أغلقني')).toBeNull());

    toast({ title: 'بالمفتاح', duration: Infinity });
    await screen.findByText('بالمفتاح');
    act(() => screen.getByRole('button', { name: 'إغلاق الإشعار' }).focus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('بالمفتاح')).toBeNull());

    toast({ title: 'الكل', duration: Infinity });
    await screen.findByText('الكل');
    dismissToast();
    await waitFor(() => expect(screen.queryByText('الكل')).toBeNull());
  });

  it('uses the small size when asked', async () => {
    await renderToaster();
    toast({ title: 'صغير', size: 'sm' });
    const shown = await screen.findByRole('status');
    expect(shown.className).toContain('text-xs');
    expect(shown.className).not.toContain('sm:p-5');
  });

  it('sits at the top on phones and at the bottom inline-end corner from 640 px, in either direction', async () => {
    viewAt(true);
    await renderToaster();
    toast({ title: 'يسار' });
    await screen.findByText('يسار');
    const list = () => document.querySelector('[data-sonner-toaster]');
    expect(list()).toHaveAttribute('dir', 'rtl');
    expect(list()).toHaveAttribute('data-y-position', 'bottom');
    expect(list()).toHaveAttribute('data-x-position', 'left');
    await act(() => setLanguage('en'));
    await waitFor(() => expect(list()).toHaveAttribute('data-x-position', 'right'));
    expect(list()).toHaveAttribute('dir', 'ltr');
  });

  it('on a phone, at the top', async () => {
    viewAt(false);
    await renderToaster();
    toast({ title: 'أعلى' });
    await screen.findByText('أعلى');
    expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
  });
});
