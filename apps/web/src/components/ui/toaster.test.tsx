import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from './toaster';
import { dispatch, getToastState, toast } from './toast-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => dispatch({ type: 'REMOVE_TOAST' }));
  vi.useRealTimers();
});

describe('<Toaster />', () => {
  it('shows the newest toast only, inside a labelled notifications region', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'أول' });
      toast({ title: 'ثانٍ', description: 'تفاصيل' });
    });
    const region = screen.getByRole('region', { name: 'الإشعارات' });
    expect(region).toHaveTextContent('ثانٍ');
    expect(region).toHaveTextContent('تفاصيل');
    expect(region).not.toHaveTextContent('أول');
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('announces destructive toasts as alerts', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'فشل', variant: 'destructive' }));
    expect(screen.getByRole('alert')).toHaveAttribute('data-variant', 'destructive');
  });

  it('closes itself after its duration and is removed 5000 ms later', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'مؤقت', duration: 3000 }));
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByText('مؤقت')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('مؤقت')).toBeNull();
    expect(getToastState().toasts).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(getToastState().toasts).toHaveLength(0);
  });

  it('closes from its button', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'أغلقني', duration: Infinity }));
    act(() => screen.getByRole('button', { name: 'إغلاق الإشعار' }).click());
    expect(screen.queryByText('أغلقني')).toBeNull();
  });

  it('uses the small size when asked', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'صغير', size: 'sm' }));
    expect(screen.getByRole('status').className).toContain('text-xs');
    expect(screen.getByRole('status').className).not.toContain('sm:p-5');
  });
});
