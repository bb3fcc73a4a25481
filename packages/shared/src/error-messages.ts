import type { Language } from './constants';
import type { ErrorCode } from './error-codes';

/** Human text for each API error code, Arabic first. The server sends it as `message`; the client shows it. */
const messages: Record<Language, Record<ErrorCode, string>> = {
  ar: {
    VALIDATION_FAILED: 'بعض الحقول غير صالحة',
    PAGE_TOO_DEEP: 'هذه الصفحة أبعد مما يمكن عرضه؛ ضيّق البحث بعوامل التصفية',
    UNAUTHENTICATED: 'يجب تسجيل الدخول',
    TOKEN_EXPIRED: 'انتهت صلاحية الجلسة',
    LINK_EXPIRED: 'انتهت صلاحية الرابط، اطلب رابطًا جديدًا',
    FORBIDDEN: 'ليست لديك صلاحية لهذا الإجراء',
    NOT_FOUND: 'غير موجود',
    PAYLOAD_TOO_LARGE: 'حجم الطلب أكبر من المسموح',
    UNSUPPORTED_MEDIA_TYPE: 'نوع الملف غير مدعوم',
    RATE_LIMITED: 'طلبات كثيرة، حاول لاحقًا',
    REQUEST_TIMEOUT: 'توقف وصول الطلب أو كان بطيئًا جدًا، حاول مرة أخرى',
    INTERNAL: 'حدث خطأ في الخادم',
    CSRF_FAILED: 'انتهت صلاحية الصفحة، أعد تحميلها وحاول مجددًا',
    CAPTCHA_REQUIRED: 'يرجى إكمال التحقق البشري',
    CAPTCHA_FAILED: 'فشل التحقق البشري، حاول مرة أخرى',
    EMAIL_EXISTS: 'البريد الإلكتروني مسجل مسبقًا',
    TOKEN_MISSING: 'الرمز مفقود',
    TOKEN_INVALID: 'الرابط غير صالح',
    ALREADY_VERIFIED: 'تم تأكيد البريد الإلكتروني مسبقًا',
    INVALID_CREDENTIALS: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    EMAIL_NOT_VERIFIED: 'يرجى تأكيد بريدك الإلكتروني أولًا',
    SESSION_EXPIRED: 'انتهت الجلسة. يرجى تسجيل الدخول مرة أخرى.',
    SESSION_REVOKED: 'أُنهيت هذه الجلسة. يرجى تسجيل الدخول مرة أخرى.',
    PASSKEY_INVALID: 'تعذّر التحقق من مفتاح المرور. حاول مرة أخرى أو سجّل الدخول بكلمة المرور.',
    WRONG_PASSWORD: 'كلمة المرور الحالية غير صحيحة',
    PASSWORD_OR_CODE_INVALID: 'كلمة المرور أو الرمز غير صحيح',
    IN_USE: 'لا يمكن الحذف لأنه مستخدم',
    OWN_OPPORTUNITY: 'لا يمكنك تنفيذ هذا الإجراء على فرصتك',
    CODE_INVALID: 'الرمز غير صحيح',
    CODE_EXPIRED: 'انتهت صلاحية الرمز',
    CHAT_NOT_FOUND: 'المحادثة غير موجودة',
    INVALID_STATUS_TRANSITION: 'لا يمكن تغيير الحالة بهذا الشكل',
    SERVICE_UNAVAILABLE: 'الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات',
    INSUFFICIENT_STORAGE: 'لا توجد مساحة للحفظ الآن، حاول مرة أخرى بعد لحظات',
    LIMIT_REACHED: 'وصلت إلى الحد الأقصى (20 بحثًا محفوظًا)، احذف بحثًا لتحفظ غيره',
    ALREADY_REQUESTED: 'طلبت الاطلاع على مستندات هذه الفرصة من قبل',
    UPLOAD_QUOTA: 'وصلت إلى حد الرفع: أضف ملفاتك المرفوعة إلى فرصة أو حاول لاحقًا',
    ALREADY_PENDING: 'لديك طلب توثيق قيد المراجعة، انتظر القرار قبل إرسال طلب آخر',
    VERIFICATION_REQUIRED: 'هذه الفرصة للمشترين الموثقين فقط: وثّق حسابك من ملفك الشخصي أولًا',
    BLOCKED: 'لا يمكنك التواصل مع هذا المستخدم أو التعامل مع فرصه',
    ACCOUNT_SUSPENDED: 'أوقفت الإدارة هذا الحساب، وأُرسل إليك السبب بالبريد الإلكتروني. للاستفسار تواصل معنا.',
    ALREADY_REPORTED: 'أبلغت عن هذا من قبل، وبلاغك قيد المراجعة',
    LAST_ADMIN: 'هذا آخر مدير نشط، ولا يمكن سحب صلاحية الإدارة منه قبل منحها لمستخدم آخر',
    LOI_OUTDATED: 'هذه ليست أحدث نسخة من خطاب النوايا، راجع النسخة الأحدث ووقّعها',
    ALREADY_SIGNED: 'وقّعت هذه النسخة من خطاب النوايا من قبل',
    CHECKLIST_OPEN: 'أكمل بنود الفحص النافي للجهالة أو اجعلها غير منطبقة قبل الانتقال إلى الإغلاق',
    CHECKLIST_FULL: 'بلغت قائمة الفحص الحد الأقصى (100 بند)، فلا يمكن إضافة بند آخر',
    CHECKLIST_LOCKED:
      'الصفقة في مرحلة الإغلاق: لا يمكن إضافة بنود ولا إعادة فتحها. إن ظهر ما يمنع الإتمام فألغِ الصفقة',
    LISTING_HAS_DEAL:
      'لا يمكن حذف فرصة عليها صفقة تجاوزت خطاب النوايا أو أُغلقت، فهي سجل يعتمد عليه الطرفان. الصفقة المغلقة تُخرج الفرصة من البحث، ولإخفائها عن العرض تواصل معنا لتعليقها.',
  },
  en: {
    VALIDATION_FAILED: 'Some fields are invalid',
    PAGE_TOO_DEEP: 'This page is further than results go; narrow the search with filters',
    UNAUTHENTICATED: 'Authentication required',
    TOKEN_EXPIRED: 'Your session has expired',
    LINK_EXPIRED: 'This link has expired; ask for a new one',
    FORBIDDEN: 'You do not have permission for this action',
    NOT_FOUND: 'Not found',
    PAYLOAD_TOO_LARGE: 'The request is too large',
    UNSUPPORTED_MEDIA_TYPE: 'Unsupported file type',
    RATE_LIMITED: 'Too many requests, try again later',
    REQUEST_TIMEOUT: 'The request stopped arriving or came too slowly, try again',
    INTERNAL: 'Something went wrong on the server',
    CSRF_FAILED: 'The page has expired, reload it and try again',
    CAPTCHA_REQUIRED: 'Please complete the human check',
    CAPTCHA_FAILED: 'The human check failed, try again',
    EMAIL_EXISTS: 'This email is already registered',
    TOKEN_MISSING: 'The token is missing',
    TOKEN_INVALID: 'The link is invalid',
    ALREADY_VERIFIED: 'The email is already verified',
    INVALID_CREDENTIALS: 'Invalid email or password',
    EMAIL_NOT_VERIFIED: 'Please verify your email first',
    SESSION_EXPIRED: 'Session expired. Please log in again.',
    SESSION_REVOKED: 'This session was ended. Please sign in again.',
    PASSKEY_INVALID: 'The passkey could not be verified. Try again or sign in with your password.',
    WRONG_PASSWORD: 'The current password is wrong',
    PASSWORD_OR_CODE_INVALID: 'The password or the code is wrong',
    IN_USE: 'Cannot delete: it is in use',
    OWN_OPPORTUNITY: 'You cannot do this on your own opportunity',
    CODE_INVALID: 'The code is wrong',
    CODE_EXPIRED: 'The code has expired',
    CHAT_NOT_FOUND: 'Chat not found',
    INVALID_STATUS_TRANSITION: 'This status change is not allowed',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable; try again in a moment',
    INSUFFICIENT_STORAGE: 'There is no room to save this right now; try again in a moment',
    LIMIT_REACHED: 'You have reached the limit of 20 saved searches; delete one to save another',
    ALREADY_REQUESTED: 'You have already asked for this listing’s documents',
    UPLOAD_QUOTA:
      'You have reached your upload limit: add the files you uploaded to a listing, or try again later',
    ALREADY_PENDING:
      'Your verification request is still under review: wait for the decision before sending another',
    VERIFICATION_REQUIRED: 'This listing is for verified buyers only: get verified from your profile first',
    BLOCKED: 'You cannot contact this user or act on their listings',
    ACCOUNT_SUSPENDED:
      'This account has been suspended by the administrators; the reason was sent to you by email. Contact us with any questions.',
    ALREADY_REPORTED: 'You have already reported this, and your report is being reviewed',
    LAST_ADMIN: 'This is the last active admin: make someone else an admin before revoking this one',
    LOI_OUTDATED: 'This is not the latest version of the letter of intent: review the latest one and sign it',
    ALREADY_SIGNED: 'You have already signed this version of the letter of intent',
    CHECKLIST_OPEN: 'Mark every due-diligence item done or not applicable before moving to closing',
    CHECKLIST_FULL: 'The checklist already has the most items allowed (100); no more can be added',
    CHECKLIST_LOCKED:
      'The deal is closing: items can no longer be added or reopened. If something stands in the way, cancel the deal',
    LISTING_HAS_DEAL:
      'A listing with a deal past the letter of intent, or closed, cannot be deleted: both parties rely on it. A closed deal already takes it out of search; to withdraw it from view, contact us to have it suspended.',
  },
};

export function errorMessage(code: ErrorCode, lang: Language): string {
  return messages[lang][code];
}

/** Accept-Language to one of our languages: English only when English is preferred, Arabic otherwise. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return 'ar';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'ar';
}
