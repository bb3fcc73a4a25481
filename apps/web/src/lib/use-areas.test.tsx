import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { useTranslation } from './use-translation';
import { i18nOptions } from './i18n';
import { useAreas } from './use-areas';

/** An i18next instance with the app's options (lib/i18n.ts) and only the `common` catalogue. */
async function appInstance() {
  const instance = createInstance();
  await instance.use(initReactI18next).init(i18nOptions('ar'));
  instance.addResourceBundle('ar', 'translation', { common: { hello: 'مرحبا' } });
  return instance;
}

describe('a catalogue that arrives after the first render (issue 26)', () => {
  it('re-renders the component waiting for it, and no other translated component', async () => {
    const instance = await appInstance();
    let shellRenders = 0;
    function Shell() {
      const { t } = useTranslation();
      shellRenders += 1;
      return <p>{t('common.hello')}</p>;
    }
    function Waiting() {
      const { t } = useTranslation();
      const ready = useAreas(['saved-searches']);
      return <p>{ready ? t('saved-searches.title') : 'waiting'}</p>;
    }
    render(
      <I18nextProvider i18n={instance}>
        <Shell />
        <Waiting />
      </I18nextProvider>,
    );
    expect(screen.getByText('مرحبا')).toBeInTheDocument();
    expect(screen.getByText('waiting')).toBeInTheDocument();
    const before = shellRenders;

    act(() => {
      instance.addResourceBundle('ar', 'translation', { 'saved-searches': { title: 'وصل' } }, true, true);
    });

    expect(await screen.findByText('وصل')).toBeInTheDocument();
    expect(shellRenders).toBe(before);
  });

  it('still re-renders every translated component when the language changes', async () => {
    const instance = await appInstance();
    instance.addResourceBundle('en', 'translation', { common: { hello: 'Hello' } });
    function Shell() {
      const { t } = useTranslation();
      return <p>{t('common.hello')}</p>;
    }
    render(
      <I18nextProvider i18n={instance}>
        <Shell />
      </I18nextProvider>,
    );
    await act(() => instance.changeLanguage('en'));
    expect(screen.getByText('Hello')).toBeInTheDocument();
  });
});
