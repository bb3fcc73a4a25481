import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Search from 'lucide-react/icons/search';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { OPPORTUNITY_TYPES, type Language } from '@safqa/shared/constants';
import { validationMessage } from '@safqa/shared/validation/messages';
import { Button } from '@/components/ui/button';
import { CommitSelect } from '@/components/ui/commit-select';
import { Checkable, Field, Input, NumberInput } from '@/components/ui/form-field';
import { citiesOfRegion, useCities } from '@/lib/cities';
import { lookupName, useLookup } from '@/lib/lookups';
import { numberValue } from '@/lib/digits';
import { asLanguage } from '@/lib/localized';
import { DEFAULT_SEARCH, toSearchParams, type SearchState } from './search-params';

interface Props {
  state: SearchState;
  onChange: (changes: Partial<SearchState>) => void;
  /** After a search is submitted and accepted (the phone layout then closes the panel). */
  onSearched?: () => void;
}

const toId = (value: string) => (value ? Number(value) : null);
const amountText = (amount: number | null) => (amount === null ? '' : String(amount));
/** An amount field in any digits and grouping; undefined when empty. */
const amountOf = (text: string) => numberValue(text);
function amountError(amount: number | undefined, lng: Language): string | undefined {
  if (amount === undefined) return undefined;
  if (!Number.isInteger(amount)) return validationMessage('not_integer', lng);
  if (amount < 0) return validationMessage('number_too_small', lng, { min: 0 });
  return undefined;
}

/**
 * The filters of /search. Lists (region, city, business type, type) apply as soon as they change;
 * the text and the amount range apply on submit (the button or Enter), in any digits; until then what
 * is typed survives a list change. Choosing a region narrows the cities to that region and drops a
 * city of another one.
 */
export function SearchFilters({ state, onChange, onSearched }: Props) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const businessTypes = useLookup('business-types');
  const regions = useLookup('regions');
  const cities = useCities();
  const [text, setText] = useState(state.q);
  const [min, setMin] = useState(amountText(state.minAmount));
  const [max, setMax] = useState(amountText(state.maxAmount));
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({});
  // The URL is the truth: when its text or amounts change (back, forward, a tile), the typed values
  // follow. Only those: a list or the sort applied at once must not wipe what is typed and not yet
  // searched. Compared by value, since the page parses a new state object on every render.
  const url = toSearchParams(state).toString();
  const [seen, setSeen] = useState({ url, q: state.q, min: state.minAmount, max: state.maxAmount });
  if (seen.url !== url) {
    setSeen({ url, q: state.q, min: state.minAmount, max: state.maxAmount });
    if (state.q !== seen.q) setText(state.q);
    if (state.minAmount !== seen.min) setMin(amountText(state.minAmount));
    if (state.maxAmount !== seen.max) setMax(amountText(state.maxAmount));
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minAmount = amountOf(min);
    const maxAmount = amountOf(max);
    const found = { min: amountError(minAmount, lng), max: amountError(maxAmount, lng) };
    if (
      !found.min &&
      !found.max &&
      typeof minAmount === 'number' &&
      typeof maxAmount === 'number' &&
      minAmount > maxAmount
    ) {
      // Under the maximum: it is the bound that is below the other.
      found.max = validationMessage('amount_range', lng);
    }
    setErrors(found);
    if (found.min || found.max) return;
    onChange({ q: text.trim(), minAmount: minAmount ?? null, maxAmount: maxAmount ?? null });
    onSearched?.();
  };

  const clearAll = () => {
    setText('');
    setMin('');
    setMax('');
    setErrors({});
    onChange({ ...DEFAULT_SEARCH, sort: state.sort });
  };

  const regionCities = citiesOfRegion(cities.data, state.regionId);
  return (
    <form
      role="search"
      aria-label={t('opportunities.search.filtersLabel')}
      onSubmit={submit}
      className="grid gap-4"
    >
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
          <CommitSelect
            {...control}
            value={String(state.businessTypeId ?? '')}
            onCommit={(value) => onChange({ businessTypeId: toId(value) })}
          >
            <option value="">{t('opportunities.search.any')}</option>
            {businessTypes.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {lookupName(item, lng)}
              </option>
            ))}
          </CommitSelect>
        )}
      </Field>
      <Field label={t('opportunities.search.region')}>
        {(control) => (
          <CommitSelect
            {...control}
            value={String(state.regionId ?? '')}
            onCommit={(value) => {
              const regionId = toId(value);
              const city = cities.data?.find((c) => c.id === state.cityId);
              onChange({
                regionId,
                cityId: city && regionId && city.regionId !== regionId ? null : state.cityId,
              });
            }}
          >
            <option value="">{t('opportunities.search.any')}</option>
            {regions.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {lookupName(item, lng)}
              </option>
            ))}
          </CommitSelect>
        )}
      </Field>
      <Field label={t('opportunities.search.city')}>
        {(control) => (
          <CommitSelect
            {...control}
            value={String(state.cityId ?? '')}
            onCommit={(value) => {
              const cityId = toId(value);
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
          </CommitSelect>
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('opportunities.search.type')}
        </legend>
        <div className="flex flex-wrap gap-2">
          {[null, ...OPPORTUNITY_TYPES].map((type) => (
            <label
              key={type ?? 'any'}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:border-slate-600 dark:has-checked:bg-brand-950"
            >
              <Checkable
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
        <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('opportunities.search.amount')}
        </legend>
        <div className="grid grid-cols-2 gap-2">
          {/* Text fields: type=number drops the Arabic-Indic digits an Arabic keyboard types. */}
          <Field label={t('opportunities.search.minAmount')} error={errors.min}>
            {(control) => (
              <NumberInput {...control} value={min} onChange={(event) => setMin(event.target.value)} />
            )}
          </Field>
          <Field label={t('opportunities.search.maxAmount')} error={errors.max}>
            {(control) => (
              <NumberInput {...control} value={max} onChange={(event) => setMax(event.target.value)} />
            )}
          </Field>
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="flex-1">
          <Search aria-hidden="true" className="size-4" />
          {t('opportunities.search.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={clearAll}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('opportunities.search.reset')}
        </Button>
      </div>
    </form>
  );
}
