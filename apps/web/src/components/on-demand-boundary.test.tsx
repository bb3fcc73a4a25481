import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toaster';
import { useDialogOnDemand } from '@/lib/use-dialog-on-demand';
import { renderWithProviders } from '@/test/utils';
import { OnDemandBoundary } from './on-demand-boundary';

function Loaded({ open }: { open: boolean }) {
  return open ? <div role="dialog" aria-label="loaded dialog" /> : null;
}

function Opener({ load }: { load: () => Promise<{ default: typeof Loaded }> }) {
  const { open, wanted, Dialog, attempt, failed, triggerProps } = useDialogOnDemand(load);
  return (
    <main>
      <p>the page</p>
      <button type="button" {...triggerProps}>
        open
      </button>
      {wanted ? (
        <OnDemandBoundary attempt={attempt} onFailed={failed}>
          <Dialog open={open} />
        </OnDemandBoundary>
      ) : null}
    </main>
  );
}

describe('a dialog fetched on demand', () => {
  it('keeps the page when its code cannot be fetched, says so, and fetches it again on the next click', async () => {
    let online = false;
    const load = (): Promise<{ default: typeof Loaded }> =>
      online
        ? Promise.resolve({ default: Loaded })
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Opener load={load} />
        <Toaster />
      </>,
    );
    const button = screen.getByRole('button', { name: 'open' });
    await user.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر فتح هذه النافذة');
    // sonner fades a toast in: it is in the page at opacity 0 until its first effect marks it mounted.
    const reload = within(alert).getByRole('button', { name: 'إعادة تحميل الصفحة' });
    await waitFor(() => expect(reload).toBeVisible());
    expect(screen.getByText('the page')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    online = true;
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'loaded dialog' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });
});
