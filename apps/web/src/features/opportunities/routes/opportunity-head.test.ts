import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { i18n } from '@/lib/i18n';
import { setLanguage } from '@/test/utils';
import { opportunityQuery } from '@/lib/get-opportunity';
import { handle } from './opportunity-page';

afterEach(async () => {
  await setLanguage('ar');
});

const longEn =
  'A café with a panoramic terrace overlooking the Abha mountains, popular with tourists in summer and locals all year round. It serves specialty coffee, Asiri breads and desserts.';
const longAr =
  'مقهى بإطلالة بانورامية على جبال أبها، يقصده السياح صيفًا وأهل المدينة طوال العام، ويقدّم القهوة المختصة والخبز العسيري والحلويات، ويعرض المالك المقهى كاملًا بأثاثه ومعداته وفريقه المدرّب.';

async function descriptionOf(lang: 'ar' | 'en') {
  await setLanguage(lang);
  const queryClient = new QueryClient();
  queryClient.setQueryData(opportunityQuery(9, null).queryKey, {
    id: 9,
    name: 'Dabab Mountain Café',
    nameAr: 'مقهى ضباب الجبل',
    description: longEn,
    descriptionAr: longAr,
    requiredAmount: 450000,
    coverImage: null,
    businessType: { id: 8, nameAR: 'أغذية ومشروبات', nameEN: 'Food & Beverage' },
    region: { id: 4, nameAR: 'منطقة عسير', nameEN: 'Asir Region' },
    city: { id: 9, nameAR: 'أبها', nameEN: 'Abha' },
  } as never);
  const head = handle.head({
    queryClient,
    params: { id: '9' },
    url: new URL('http://localhost/opportunities/9'),
    lang,
    t: i18n.getFixedT(lang),
    signedInHint: false,
  });
  return head.description;
}

describe('a listing page head', () => {
  it.each([
    ['en', longEn],
    ['ar', longAr],
  ] as const)('cuts the %s preview description at a word boundary with an ellipsis', async (lang, text) => {
    const description = await descriptionOf(lang);
    expect([...description].length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    // What comes before the ellipsis ends a whole word of the description.
    const shown = description.slice(0, -1);
    const tail = shown.slice(shown.lastIndexOf(' ') + 1);
    expect(text.split(/\s+/).map((word) => word.replace(/[،,]$/, ''))).toContain(tail);
  });
});
