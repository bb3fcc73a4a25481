import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { i18n, loadAreas } from '@/lib/i18n';
import { setLanguage } from '@/test/utils';
import { handle } from './home-page';

afterEach(async () => {
  await setLanguage('ar');
});

async function homeTitle(lang: 'ar' | 'en') {
  await setLanguage(lang);
  await loadAreas(['home'], lang);
  const context = {
    queryClient: new QueryClient(),
    params: {},
    url: new URL('http://localhost/'),
    lang,
    t: i18n.getFixedT(lang),
    signedInHint: false,
  };
  return handle.head(context).title;
}

describe('the home page head', () => {
  it('names the brand once: the hero title already starts with it', async () => {
    expect(await homeTitle('ar')).toBe('صفقة: بع مشروعك أو استثمر في مشروع قائم');
    expect(await homeTitle('en')).toBe('Safqa: sell your business or invest in one');
  });
});
