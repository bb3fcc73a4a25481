import { useTranslation } from '@/lib/use-translation';
import type { SavedSearch } from '@safqa/shared/validation/saved-searches';
import { useCities } from '@/lib/cities';
import { formatCurrency } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { lookupName, useLookup } from '@/lib/lookups';

/** A saved search's filters in words, in the UI language: "«مطعم» · مطاعم · الرياض · من ١٠٠٬٠٠٠ ر.س". */
export function useDescribeQuery() {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const types = useLookup('business-types').data;
  const regions = useLookup('regions').data;
  const cities = useCities().data;
  const nameOf = (
    list: { id: number; nameAR: string; nameEN: string }[] | undefined,
    id: number | undefined,
  ) => {
    const found = id === undefined ? undefined : list?.find((item) => item.id === id);
    return found ? lookupName(found, lng) : null;
  };

  return (query: SavedSearch['query']): string[] => {
    const parts: Array<string | null> = [
      query.q ? t('saved-searches.describe.text', { q: query.q }) : null,
      nameOf(types, query.businessTypeId),
      nameOf(cities, query.cityId) ?? nameOf(regions, query.regionId),
      query.type ? t(`saved-searches.describe.${query.type}`) : null,
    ];
    const { minAmount: min, maxAmount: max } = query;
    if (min !== undefined && max !== undefined) {
      parts.push(
        t('saved-searches.describe.range', { min: formatCurrency(min, lng), max: formatCurrency(max, lng) }),
      );
    } else if (min !== undefined) {
      parts.push(t('saved-searches.describe.from', { amount: formatCurrency(min, lng) }));
    } else if (max !== undefined) {
      parts.push(t('saved-searches.describe.to', { amount: formatCurrency(max, lng) }));
    }
    const words = parts.filter((part): part is string => Boolean(part));
    return words.length ? words : [t('saved-searches.allListings')];
  };
}
