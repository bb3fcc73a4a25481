import { describe, expect, it, vi } from 'vitest';
import { hasUnsavedInput, isNewBuildAvailable, noteServerBuild, subscribeToNewBuild } from './app-build';

function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('noticing a new build', () => {
  it('says so once an answer names another build than the page, and only then', () => {
    const meta = document.createElement('meta');
    meta.name = 'safqa-build';
    meta.content = 'own-build';
    document.head.append(meta);
    const listener = vi.fn();
    subscribeToNewBuild(listener);

    noteServerBuild(null);
    noteServerBuild('own-build');
    expect(isNewBuildAvailable()).toBe(false);
    noteServerBuild('next-build');
    noteServerBuild('next-build');
    expect(isNewBuildAvailable()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('unsaved input', () => {
  it('sees typed text, a ticked box and a changed choice in a form, not untouched fields', () => {
    const root = page(`<form>
      <input name="name" value="سارة"><input type="hidden" name="t" value="x">
      <textarea name="message"></textarea>
      <input type="checkbox" name="terms">
      <select name="city"><option value="1" selected>الرياض</option><option value="2">جدة</option></select>
    </form><input name="search">`);
    expect(hasUnsavedInput(root)).toBe(false);

    // A field outside any form is not a form being typed.
    root.querySelector<HTMLInputElement>('input[name=search]')!.value = 'مطعم';
    expect(hasUnsavedInput(root)).toBe(false);

    const message = root.querySelector('textarea')!;
    message.value = 'رسالة لم تُرسل';
    expect(hasUnsavedInput(root)).toBe(true);
    message.value = '';
    root.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked = true;
    expect(hasUnsavedInput(root)).toBe(true);
    root.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked = false;
    root.querySelector('select')!.value = '2';
    expect(hasUnsavedInput(root)).toBe(true);
  });
});
