import { describe, expect, it, vi } from 'vitest';
import { replayEarlyInput } from './early-input';

describe('replayEarlyInput', () => {
  it('replays held taps on connected, enabled controls and held submits, once', () => {
    document.body.innerHTML = `
      <button id="on">on</button><button id="off" disabled>off</button>
      <form id="form"><input name="q" value="x" /></form>`;
    const on = document.getElementById('on')!;
    const off = document.getElementById('off')!;
    const gone = document.createElement('button');
    const form = document.getElementById('form') as HTMLFormElement;
    const clicks = { on: vi.fn(), off: vi.fn(), gone: vi.fn() };
    on.addEventListener('click', clicks.on);
    off.addEventListener('click', clicks.off);
    gone.addEventListener('click', clicks.gone);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    window.__safqaEarlyInput = [
      { kind: 'click', target: on },
      { kind: 'click', target: off },
      { kind: 'click', target: gone },
      { kind: 'submit', target: form },
    ];

    replayEarlyInput();
    replayEarlyInput();

    expect(clicks.on).toHaveBeenCalledTimes(1);
    expect(clicks.off).not.toHaveBeenCalled();
    expect(clicks.gone).not.toHaveBeenCalled();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(window.__safqaEarlyInput).toEqual([]);
  });

  it('does nothing when the page held nothing (a page the browser rendered itself)', () => {
    delete window.__safqaEarlyInput;
    expect(() => replayEarlyInput()).not.toThrow();
  });
});
