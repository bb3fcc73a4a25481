import { describe, expect, it } from 'vitest';
import { pageAddress } from './page-address';

const address = (url: string) => pageAddress(new URL(url, 'http://localhost'));

describe('pageAddress', () => {
  it('is the path alone wherever the query does not choose the page', () => {
    expect(address('/opportunities/12?lang=en&utm_source=x&fbclid=y')).toBe('/opportunities/12');
    expect(address('/?lang=ar&ref=whatsapp')).toBe('/');
    expect(address('/faq?q=junk')).toBe('/faq');
  });

  it('keeps the search filters, in one order, without defaults, language or junk', () => {
    expect(address('/search?lang=en&utm=1')).toBe('/search');
    expect(address('/search?sort=newest&page=1')).toBe('/search');
    expect(address('/search?page=2&junk=1&cityId=3&lang=en&businessTypeId=4&sort=popular')).toBe(
      '/search?businessTypeId=4&cityId=3&sort=popular&page=2',
    );
    // Values the page ignores do not make another page.
    expect(address('/search?cityId=abc&type=nope&sort=weird')).toBe('/search');
  });
});
