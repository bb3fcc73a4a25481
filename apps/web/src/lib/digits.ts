const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const EASTERN_ARABIC_INDIC = '۰۱۲۳۴۵۶۷۸۹';

/**
 * Arabic-Indic digits (what an Arabic phone keyboard types) as Latin digits, which the shared rules
 * and the API expect; the Arabic decimal separator ٫ becomes a point.
 */
export function latinDigits(value: string): string {
  return value
    .replace(/[٠-٩۰-۹]/g, (digit) => {
      const index = ARABIC_INDIC.indexOf(digit);
      return String(index >= 0 ? index : EASTERN_ARABIC_INDIC.indexOf(digit));
    })
    .replace(/٫/g, '.');
}

/**
 * What a number field holds: undefined when empty, else the number typed in any digits, grouping
 * separators (spaces, commas, Arabic ٬, underscores) ignored. Text that is no number gives NaN, so
 * the form's rules say "must be a number" instead of keeping an old value.
 */
export function numberValue(raw: unknown): number | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw === 'number') return raw;
  const text = latinDigits(String(raw)).replace(/[\s,٬_]/g, '');
  return text === '' ? undefined : Number(text);
}
