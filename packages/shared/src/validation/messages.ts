import type { z } from 'zod';
import type { Language } from '../constants';

/**
 * Validation texts in both languages, Arabic first. Schemas carry a key of this catalogue as their
 * custom message (e.g. `phone_invalid`); built-in zod checks are rendered from the issue by `zodErrorMap`.
 * The server fills `fields` of a 400 with these texts in the request language; forms show the same texts.
 */
const catalogue = {
  ar: {
    required: 'هذا الحقل مطلوب',
    invalid_type: 'القيمة غير صالحة',
    too_short: 'يجب ألا يقل عن {min} أحرف',
    too_long: 'يجب ألا يزيد على {max} حرف',
    too_few_items: 'اختر {min} على الأقل',
    too_many_items: 'الحد الأقصى {max}',
    number_too_small: 'يجب ألا تقل القيمة عن {min}',
    number_too_big: 'يجب ألا تزيد القيمة على {max}',
    number_positive: 'يجب أن تكون القيمة أكبر من صفر',
    not_integer: 'يجب أن يكون رقمًا صحيحًا',
    invalid_option: 'اختيار غير صالح',
    unknown_field: 'حقل غير مسموح به',
    email_invalid: 'البريد الإلكتروني غير صالح',
    phone_invalid: 'رقم الجوال يجب أن يكون سعوديًا مثل 9665XXXXXXXX',
    url_invalid: 'الرابط غير صالح',
    date_invalid: 'التاريخ غير صالح',
    password_min: 'كلمة المرور يجب ألا تقل عن 8 أحرف',
    password_lowercase: 'كلمة المرور يجب أن تحتوي على حرف صغير',
    password_uppercase: 'كلمة المرور يجب أن تحتوي على حرف كبير',
    password_digit: 'كلمة المرور يجب أن تحتوي على رقم',
    password_special: 'كلمة المرور يجب أن تحتوي على رمز خاص مثل !@#$%^&*',
    username_min: 'اسم المستخدم يجب ألا يقل عن 3 أحرف',
    name_min: 'الاسم يجب ألا يقل عن 3 أحرف',
    description_min: 'الوصف يجب ألا يقل عن 10 أحرف',
    message_min: 'الرسالة يجب ألا تقل عن 10 أحرف',
    bio_min: 'النبذة يجب ألا تقل عن 10 أحرف',
    reason_min: 'السبب يجب ألا يقل عن 10 أحرف',
    details_min: 'التفاصيل يجب ألا تقل عن 10 أحرف',
    reasons_required: 'اختر سببًا واحدًا على الأقل',
    business_types_required: 'اختر نوع نشاط واحدًا على الأقل',
    code_invalid: 'الرمز يتكون من 4 أرقام',
    captcha_required: 'يرجى إكمال التحقق البشري',
    blank: 'لا يمكن أن يكون فارغًا',
    date_future: 'التاريخ لا يمكن أن يكون في المستقبل',
    decimals_2: 'منزلتان عشريتان على الأكثر',
    amount_range: 'الحد الأعلى يجب ألا يقل عن الحد الأدنى',
    lookup_unknown: 'القيمة المختارة غير موجودة',
    city_region_mismatch: 'المدينة لا تتبع المنطقة المختارة',
    upload_unknown: 'الملف غير موجود أو لم ترفعه أنت',
    upload_in_use: 'هذا الملف مرفق بفرصة من قبل؛ ارفعه من جديد',
    upload_elsewhere: 'هذا الملف مرفق بفرصة أو بصفقة أخرى؛ ارفعه من جديد لهذه الصفقة',
    documents_full: 'بلغت الفرصة الحد الأقصى من المستندات (5)؛ احذف مستندًا أولًا',
    file_required: 'اختر ملفًا',
    file_type_invalid: 'الملف يجب أن يكون PDF أو JPEG أو PNG',
    file_too_large: 'حجم الملف يجب ألا يزيد على 10 ميجابايت',
    one_file_only: 'ملف واحد فقط في كل طلب',
    path_invalid: 'المسار غير صالح',
    too_many_fields: 'عدد الحقول أكبر من المسموح',
    one_recipient: 'اختر مستثمرًا أو مستشارًا، لا الاثنين معًا',
    too_deep: 'البيانات متداخلة أكثر من المسموح',
    too_large: 'الحجم أكبر من المسموح',
    name_taken: 'يوجد عنصر آخر بهذا الاسم',
    order_mismatch: 'تغيّرت القائمة منذ فتحها، أعد تحميلها ثم رتّبها من جديد',
    terms_required: 'يجب الموافقة على تعهد السرية',
    accept_required: 'يجب الموافقة على الشروط قبل التوقيع',
    passkey_not_verified: 'تعذّر التحقق من مفتاح المرور، حاول إضافته مرة أخرى',
    totp_code_format: 'الرمز يتكون من 6 أرقام',
    code_or_recovery: 'أدخل رمز التطبيق أو رمز استرداد (واحدًا منهما)',
  },
  en: {
    required: 'This field is required',
    invalid_type: 'Invalid value',
    too_short: 'Must be at least {min} characters',
    too_long: 'Must be at most {max} characters',
    too_few_items: 'Choose at least {min}',
    too_many_items: 'At most {max}',
    number_too_small: 'Must be at least {min}',
    number_too_big: 'Must be at most {max}',
    number_positive: 'Must be greater than zero',
    not_integer: 'Must be a whole number',
    invalid_option: 'Invalid choice',
    unknown_field: 'Field not allowed',
    email_invalid: 'Invalid email address',
    phone_invalid: 'Phone must be a Saudi number such as 9665XXXXXXXX',
    url_invalid: 'Invalid link',
    date_invalid: 'Invalid date',
    password_min: 'Password must be at least 8 characters',
    password_lowercase: 'Password must contain a lowercase letter',
    password_uppercase: 'Password must contain an uppercase letter',
    password_digit: 'Password must contain a digit',
    password_special: 'Password must contain a special character such as !@#$%^&*',
    username_min: 'Username must be at least 3 characters',
    name_min: 'Name must be at least 3 characters',
    description_min: 'Description must be at least 10 characters',
    message_min: 'Message must be at least 10 characters',
    bio_min: 'Bio must be at least 10 characters',
    reason_min: 'Reason must be at least 10 characters',
    details_min: 'Details must be at least 10 characters',
    reasons_required: 'Choose at least one reason',
    business_types_required: 'Choose at least one business type',
    code_invalid: 'The code is 4 digits',
    captcha_required: 'Please complete the human check',
    blank: 'Cannot be blank',
    date_future: 'The date cannot be in the future',
    decimals_2: 'At most two decimal places',
    amount_range: 'The maximum must not be below the minimum',
    lookup_unknown: 'The chosen value does not exist',
    city_region_mismatch: 'The city is not in the chosen region',
    upload_unknown: 'The file does not exist or was not uploaded by you',
    upload_in_use: 'This file is already attached to a listing; upload it again',
    upload_elsewhere:
      'This file is already attached to a listing or another deal; upload it again for this deal',
    documents_full: 'This listing already has the most documents allowed (5); remove one first',
    file_required: 'Choose a file',
    file_type_invalid: 'The file must be a PDF, JPEG or PNG',
    file_too_large: 'The file must be at most 10 MB',
    one_file_only: 'One file per request',
    path_invalid: 'Invalid path',
    too_many_fields: 'Too many fields',
    one_recipient: 'Choose an investor or an advisor, not both',
    too_deep: 'Nested too deeply',
    too_large: 'Too large',
    name_taken: 'Another item already has this name',
    order_mismatch: 'The list has changed since you opened it; reload it and order it again',
    terms_required: 'You must accept the confidentiality undertaking',
    accept_required: 'You must accept the terms before signing',
    passkey_not_verified: 'The passkey could not be verified; try adding it again',
    totp_code_format: 'The code is 6 digits',
    code_or_recovery: 'Enter the app’s code or a recovery code (one of them)',
  },
} as const;

export type ValidationKey = keyof (typeof catalogue)['ar'];

export function isValidationKey(value: string): value is ValidationKey {
  return Object.hasOwn(catalogue.ar, value);
}

export function validationMessage(
  key: ValidationKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const template: string = catalogue[lang][key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Renders a message that may be a catalogue key; anything else is returned unchanged. */
export function translateValidation(message: string, lang: Language): string {
  return isValidationKey(message) ? validationMessage(message, lang) : message;
}

/** Localised zod error map: pass as the per-parse `error` option (server) or the resolver's schema options (forms). */
export function zodErrorMap(lang: Language): z.core.$ZodErrorMap {
  return (issue) => {
    if (issue.input === undefined && issue.code === 'invalid_type')
      return validationMessage('required', lang);
    switch (issue.code) {
      case 'too_small': {
        const min = Number(issue.minimum);
        if (issue.origin === 'string') {
          return min <= 1
            ? validationMessage('required', lang)
            : validationMessage('too_short', lang, { min });
        }
        if (issue.origin === 'array' || issue.origin === 'set')
          return validationMessage('too_few_items', lang, { min });
        if (min === 0 && !issue.inclusive) return validationMessage('number_positive', lang);
        return validationMessage('number_too_small', lang, { min });
      }
      case 'too_big': {
        const max = Number(issue.maximum);
        if (issue.origin === 'string') return validationMessage('too_long', lang, { max });
        if (issue.origin === 'array' || issue.origin === 'set')
          return validationMessage('too_many_items', lang, { max });
        return validationMessage('number_too_big', lang, { max });
      }
      case 'invalid_format':
        if (issue.format === 'email') return validationMessage('email_invalid', lang);
        if (issue.format === 'url') return validationMessage('url_invalid', lang);
        if (issue.format === 'date' || issue.format === 'datetime')
          return validationMessage('date_invalid', lang);
        return validationMessage('invalid_type', lang);
      case 'invalid_value':
        return validationMessage('invalid_option', lang);
      case 'unrecognized_keys':
        return validationMessage('unknown_field', lang);
      // A value no member of a union takes, a key or a map entry a record refuses (e.g. analytics
      // properties): zod's own texts for these are English only.
      case 'invalid_union':
      case 'invalid_key':
      case 'invalid_element':
        return validationMessage('invalid_type', lang);
      case 'invalid_type':
        if (issue.expected === 'int') return validationMessage('not_integer', lang);
        return validationMessage('invalid_type', lang);
      default:
        return undefined;
    }
  };
}
