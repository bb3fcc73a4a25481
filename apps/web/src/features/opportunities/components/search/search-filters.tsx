import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Search from 'lucide-react/icons/search';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { OPPORTUNITY_TYPES } from '@safqa/shared/constants';
import { validationMessage } from '@safqa/shared/validation/messages';
import { Button } from '@/components/ui/button';
import { controlClasses, Field, Input } from '@/components/ui/form-field';
import { citiesOfRegion, useCities } from '@/lib/cities';
import { lookupName, useLookup } from '@/lib/lookups';
import { asLanguage } from '@/lib/localized';
import { DEFAULT_SEARCH, toSearchParams, type SearchState } from './search-params';

interface Props {
  state: SearchState;
  onChange: (changes: Partial<SearchState>) => void;
}

const toId = (value: string) => (value ? Number(value) : null);

/**
 * The filters of /search. Lists (region, city, business type, type) apply as soon as they change;
 * the text and the amount range apply on submit (the button or Enter). Choosing a region narrows the
 * cities to that region and drops a city of another one.
 */
export function SearchFilters({ state, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const businessTypes = useLookup('business-types');
  const regions = useLookup('regions');
  const cities = useCities();
  const [text, setText] = useState(state.q);
  const [min, setMin] = useState(state.minAmount === null ? '' : String(state.minAmount));
  const [max, setMax] = useState(state.maxAmount === null ? '' : String(state.maxAmount));
  const [rangeError, setRangeError] = useState<string | null>(null);
  // The URL is the truth: when it changes (back, forward, a tile), the typed values follow it.
  // Compared by value: the page parses a new state object on every render (results arriving,
  // a refetch), and those must not wipe what the visitor is typing.
  const url = toSearchParams(state).toString();
  const [seen, setSeen] = useState(url);
  if (seen !== url) {
    setSeen(url);
    setText(state.q);
    setMin(state.minAmount === null ? '' : String(state.minAmount));
    setMax(state.maxAmount === null ? '' : String(state.maxAmount));
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minAmount = min.trim() === '' ? null : Number(min);
    const maxAmount = max.trim() === '' ? null : Number(max);
    if (minAmount !== null && maxAmount !== null && minAmount > maxAmount) {
      setRangeError(validationMessage('amount_range', lng));
      return;
    }
    setRangeError(null);
    onChange({ q: text.trim(), minAmount, maxAmount });
  };

  const regionCities = citiesOfRegion(cities.data, state.regionId);
  return (
    <form role="search" aria-label={t('opportunities.search.filtersLabel')} onSubmit={submit} className="grid gap-4">
      <Field label={t('opportunities.search.text')}>
        {(control) => (
          <Input
            {...control}
            type="search"
            value={text}
            maxLength={100}
            placeholder={t('opportunities.search.textPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('opportunities.search.businessType')}>
        {(control) => (
          <select
            {...control}
            className={controlClasses}
            value={state.businessTypeId ?? ''}
            onChange={(event) => onChange({ businessTypeId: toId(event.target.value) })}
          >
            <option value="">{t('opportunities.search.any')}</option>
            {businessTypes.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {lookupName(item, lng)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('opportunities.search.region')}>
        {(control) => (
          <select
            {...control}
            className={controlClasses}
            value={state.regionId ?? ''}
            onChange={(event) => {
              const regionId = toId(event.target.value);
              const city = cities.data?.find((c) => c.id === state.cityId);
              onChange({ regionId, cityId: city && regionId && city.regionId !== regionId ? null : state.cityId });
            }}
          >
            <option value="">{t('opportunities.search.any')}</option>
            {regions.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {lookupName(item, lng)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('opportunities.search.city')}>
        {(control) => (
          <select
            {...control}
            className={controlClasses}
            value={state.cityId ?? ''}
            onChange={(event) => {
              const cityId = toId(event.target.value);
              const city = cities.data?.find((c) => c.id === cityId);
              onChange({ cityId, regionId: city ? city.regionId : state.regionId });
            }}
          >
            <option value="">{t('opportunities.search.any')}</option>
            {regionCities.map((item) => (
              <option key={item.id} value={item.id}>
                {lookupName(item, lng)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">{t('opportunities.search.type')}</legend>
        <div className="flex flex-wrap gap-2">
          {[null, ...OPPORTUNITY_TYPES].map((type) => (
            <label
              key={type ?? 'any'}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:border-slate-600 dark:has-checked:bg-brand-950"
            >
              <input
                type="radio"
                name="type"
                className="accent-brand-700"
                checked={state.type === type}
                onChange={() => onChange({ type })}
              />
              {type ? t(`listings.type.${type}`) : t('opportunities.search.any')}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">{t('opportunities.search.amount')}</legend>
        <div className="grid grid-cols-2 gap-2">
          <Field label={t('opportunities.search.minAmount')} error={rangeError ?? undefined}>
            {(control) => (
              <Input {...control} type="number" inputMode="numeric" min={0} dir="ltr" value={min} onChange={(event) => setMin(event.target.value)} />
            )}
          </Field>
          <Field label={t('opportunities.search.maxAmount')}>
            {(control) => (
              <Input {...control} type="number" inputMode="numeric" min={0} dir="ltr" value={max} onChange={(event) => setMax(event.target.value)} />
            )}
          </Field>
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="flex-1">
          <Search aria-hidden="true" className="size-4" />
          {t('opportunities.search.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onChange({ ...DEFAULT_SEARCH, sort: state.sort })}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('opportunities.search.reset')}
        </Button>
      </div>
    </form>
  );
}
