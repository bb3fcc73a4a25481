import { createRef } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/test/utils';
import { CHALLENGE_URL, HumanCheck, type HumanCheckHandle } from './human-check';

/**
 * jsdom cannot run the real proof of work, so `altcha` is replaced by a stand-in element that
 * behaves like the widget towards its host page: it is defined on import, exposes reset(), and
 * announces its state with `statechange` events. A test sets `failNext` to make the next download
 * fail, like a flaky network.
 */
const loads = vi.hoisted(() => {
  const state = {
    attempts: 0,
    failNext: false,
    /** The module `altcha/external` as the stand-in: registers the element, or fails when asked to. */
    altcha: () => {
      state.attempts += 1;
      if (state.failNext) {
        state.failNext = false;
        throw new Error('network down');
      }
      class FakeAltcha extends HTMLElement {
        reset = vi.fn();
        state = 'unverified';
        getState = () => this.state;
        verify = vi.fn(async () => null);
      }
      if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', FakeAltcha);
      globalThis.$altcha ??= { algorithms: new Map() } as unknown as typeof globalThis.$altcha;
      return {};
    },
  };
  return state;
});
vi.mock('altcha/external', () => loads.altcha());
vi.mock('altcha/altcha.css', () => ({}));
vi.mock('altcha/workers/pbkdf2?worker', () => ({ default: class FakeWorker {} }));
vi.mock('altcha/i18n/ar', () => ({}));

type FakeWidget = HTMLElement & {
  reset: ReturnType<typeof vi.fn>;
  verify: ReturnType<typeof vi.fn>;
  state: string;
  challenge?: string;
  language?: string;
};

function widget(): FakeWidget {
  const element = document.querySelector('altcha-widget');
  if (!element) throw new Error('no altcha-widget on the page');
  return element as unknown as FakeWidget;
}

function announce(state: string, payload: string | null = null) {
  act(() => {
    widget().dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  });
}

describe('HumanCheck', () => {
  it('shows a localised error with retry when the widget cannot be downloaded, then loads on retry', async () => {
    // The component downloads the widget once per page: a fresh copy of it, which has not, whatever
    // test ran before this one (tests run shuffled).
    vi.resetModules();
    vi.doMock('altcha/external', () => loads.altcha());
    const { HumanCheck: NotYetLoaded } = await import('./human-check');
    loads.attempts = 0;
    loads.failNext = true;
    const onVerify = vi.fn();
    render(<NotYetLoaded onVerify={onVerify} />);
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ تحميل التحقق البشري…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر تحميل التحقق البشري. تحقّق من اتصالك وحاول مجددًا.');

    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(widget().challenge ?? widget().getAttribute('challenge')).toBe(CHALLENGE_URL);
    expect(loads.attempts).toBe(2);
  });

  it('reports the solution when verified, null when it expires, and resets through its handle', async () => {
    const onVerify = vi.fn();
    const ref = createRef<HumanCheckHandle>();
    render(<HumanCheck onVerify={onVerify} ref={ref} />);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(screen.getByRole('group', { name: 'التحقق البشري' })).toBeInTheDocument();

    announce('verifying');
    expect(onVerify).not.toHaveBeenCalled();
    announce('verified', 'c29sdXRpb24=');
    expect(onVerify).toHaveBeenLastCalledWith('c29sdXRpb24=');
    announce('expired');
    expect(onVerify).toHaveBeenLastCalledWith(null);

    announce('verified', 'YWdhaW4=');
    act(() => ref.current?.reset());
    expect(widget().reset).toHaveBeenCalledTimes(1);
    expect(onVerify).toHaveBeenLastCalledWith(null);
  });

  it('a submit waits for the proof of work: it starts an untouched widget and answers its solution', async () => {
    const ref = createRef<HumanCheckHandle>();
    render(<HumanCheck onVerify={() => {}} ref={ref} />);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());

    const solved = ref.current!.solve();
    expect(widget().verify).toHaveBeenCalledTimes(1);
    announce('verifying');
    announce('verified', 'c29sdmVk');
    await expect(solved).resolves.toBe('c29sdmVk');
    // Already solved: at once, without another proof of work.
    await expect(ref.current!.solve()).resolves.toBe('c29sdmVk');
    expect(widget().verify).toHaveBeenCalledTimes(1);
  });

  it('a submit pressed while the widget is working waits for that work instead of starting another', async () => {
    const ref = createRef<HumanCheckHandle>();
    const onVerify = vi.fn();
    render(<HumanCheck onVerify={onVerify} ref={ref} />);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    widget().state = 'verifying';
    announce('verifying');

    const solved = ref.current!.solve();
    announce('verified', 'ZmFzdA==');
    await expect(solved).resolves.toBe('ZmFzdA==');
    expect(widget().verify).not.toHaveBeenCalled();
    expect(onVerify).toHaveBeenLastCalledWith('ZmFzdA==');
  });

  it('answers null when the proof of work fails, and after a reset asks for a new one', async () => {
    const ref = createRef<HumanCheckHandle>();
    render(<HumanCheck onVerify={() => {}} ref={ref} />);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    announce('verified', 'b2xk');
    act(() => ref.current?.reset());
    const solved = ref.current!.solve();
    expect(widget().verify).toHaveBeenCalledTimes(1);
    announce('expired');
    await expect(solved).resolves.toBeNull();
  });

  it('follows the UI language', async () => {
    render(<HumanCheck onVerify={() => {}} />);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    const languageOf = () => widget().language ?? widget().getAttribute('language');
    expect(languageOf()).toBe('ar');
    await act(() => setLanguage('en'));
    expect(languageOf()).toBe('en');
  });

  it('replaces a widget that failed (challenge could not be fetched) with an error and a fresh widget on retry', async () => {
    const onVerify = vi.fn();
    render(<HumanCheck onVerify={onVerify} />);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    const first = widget();
    announce('error');
    expect(onVerify).toHaveBeenLastCalledWith(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'تعذّر إكمال التحقق البشري. تحقّق من اتصالك وحاول مجددًا.',
    );
    expect(document.querySelector('altcha-widget')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(widget()).not.toBe(first);
    announce('verified', 'bmV3');
    expect(onVerify).toHaveBeenLastCalledWith('bmV3');
  });
});
