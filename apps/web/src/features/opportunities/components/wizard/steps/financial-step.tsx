import { useTranslation } from '@/lib/use-translation';
import { financialInfoStep } from '@safqa/shared/validation/opportunities';
import { Field, NumberInput } from '@/components/ui/form-field';
import { formatCompactAmount, formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { fieldError } from '@/lib/use-zod-form';
import { ValuationCheck } from '../../insights/valuation-check';
import type { StepProps } from '../step-props';
import { numberInput, useStepForm } from '../use-step-form';

const MONEY = ['requiredAmount', 'yearlySales', 'yearlyOperationalCost', 'ebitda'] as const;
/** From here a typed amount is hard to read digit by digit: it is shown grouped and in words. */
const PREVIEW_FROM = 10_000;

/** Step 4: stake, amount, the two deal options, and the yearly figures. */
export function FinancialStep({ formId, values, serverErrors, onChange, onNext }: StepProps) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const form = useStepForm(financialInfoStep, values, onChange, serverErrors);
  const { errors } = form.formState;
  const error = (name: string) => fieldError(errors[name]?.message as string | undefined, lng);
  const amounts = form.watch([...MONEY]) as unknown[];
  const preview = (index: number) => {
    const amount = amounts[index];
    if (typeof amount !== 'number' || !Number.isFinite(amount) || Math.abs(amount) < PREVIEW_FROM)
      return null;
    return (
      <span dir="auto" className="block font-semibold text-slate-700 dark:text-slate-300">
        {t('opportunities.wizard.amountPreview', {
          grouped: formatNumber(amount, lng),
          words: formatCompactAmount(amount, lng),
        })}
      </span>
    );
  };

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void form.handleSubmit((v) => onNext(v))(event)}
      className="grid gap-5 sm:grid-cols-2"
    >
      <Field label={t('opportunities.fields.offeredPercentage')} error={error('offeredPercentage')}>
        {(control) => (
          <NumberInput {...control} decimal {...numberInput(form.register, 'offeredPercentage')} />
        )}
      </Field>
      <Field
        label={t('opportunities.fields.expectedYearProfitPercentage')}
        error={error('expectedYearProfitPercentage')}
      >
        {(control) => (
          <NumberInput {...control} decimal {...numberInput(form.register, 'expectedYearProfitPercentage')} />
        )}
      </Field>
      {MONEY.map((name, index) => (
        <Field
          key={name}
          label={t(`opportunities.fields.${name}`)}
          error={error(name)}
          hint={
            name === 'ebitda' || preview(index) ? (
              <>
                {name === 'ebitda' ? t('opportunities.wizard.ebitdaHint') : null}
                {preview(index)}
              </>
            ) : undefined
          }
        >
          {(control) => <NumberInput {...control} {...numberInput(form.register, name)} />}
        </Field>
      ))}
      <div className="grid gap-3 sm:col-span-2">
        {(['negotiable', 'waitForHighestOffer'] as const).map((name) => (
          <label
            key={name}
            className="flex items-center gap-3 text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            <input type="checkbox" className="size-5 accent-brand-700" {...form.register(name)} />
            {t(`opportunities.fields.${name}`)}
          </label>
        ))}
        <div className="grid gap-1">
          <label className="flex items-center gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              role="switch"
              className="size-5 accent-brand-700"
              aria-describedby="verified-buyers-only-hint"
              {...form.register('verifiedBuyersOnly')}
            />
            {t('opportunities.fields.verifiedBuyersOnly')}
          </label>
          <p id="verified-buyers-only-hint" className="ms-8 text-xs text-slate-600 dark:text-slate-400">
            {t('opportunities.wizard.verifiedBuyersOnlyHint')}
          </p>
        </div>
      </div>
      <ValuationCheck values={values} />
    </form>
  );
}
