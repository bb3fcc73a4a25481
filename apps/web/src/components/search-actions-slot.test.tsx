import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { act } from 'react';
import { hydrateAfter } from '@/test/hydrate';
import { SearchActionsProvider, SearchActionsSlot, type SearchAction } from './search-actions-slot';

/** requestIdleCallback held by the test: the browser is "idle" when the test says so. */
function holdIdleCallbacks() {
  const waiting: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => waiting.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
  // Registered before the page is hydrated, so run after it is unmounted (reverse order).
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return {
    get count() {
      return waiting.length;
    },
    runAll() {
      for (const callback of waiting.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
    },
  };
}

describe('the actions slot of /search (issue 42)', () => {
  it('leaves the actions out of hydration and of the commit that ends it, and shows them once the browser is idle', async () => {
    const idle = holdIdleCallbacks();
    let renders = 0;
    const actions: SearchAction[] = [
      {
        id: 'save',
        Component: function Save() {
          renders++;
          return <button type="button">save this search</button>;
        },
      },
    ];
    const page = (
      <SearchActionsProvider value={actions}>
        <SearchActionsSlot filters={{ q: 'قهوة' }} />
      </SearchActionsProvider>
    );

    const container = await hydrateAfter(page, () => {});
    // Hydrated and every effect run: on a phone the actions' render, download and module preloads
    // here made one more long task before the page answered a tap.
    await act(async () => {});
    expect(renders).toBe(0);
    expect(container.querySelector('button')).toBeNull();
    expect(idle.count).toBe(1);

    await act(async () => idle.runAll());
    expect(container.querySelector('button')?.textContent).toBe('save this search');
    expect(renders).toBe(1);
  });
});
