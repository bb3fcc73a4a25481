import { normaliseSaudiPhone, SAUDI_PHONE } from '@safqa/shared/phone';

export type WhatsappPhone = { ok: true; phone: string } | { ok: false; error: 'missing' | 'invalid' };

/** The listing's contact phone as wa.me wants it (9665XXXXXXXX), or why there is none (SPEC.md section 8). */
export function whatsappPhone(raw: string | null | undefined): WhatsappPhone {
  if (!raw || !raw.trim()) return { ok: false, error: 'missing' };
  const phone = normaliseSaudiPhone(raw.trim());
  return SAUDI_PHONE.test(phone) ? { ok: true, phone } : { ok: false, error: 'invalid' };
}

/** The prefilled message, Arabic first then English, with the listing's link. */
export function whatsappMessage(o: { name: string; nameAr: string }, url: string): string {
  return [
    `السلام عليكم، أنا مهتم بفرصة «${o.nameAr}» المعروضة على منصة صفقة، وأرغب في معرفة المزيد.`,
    `Hello, I am interested in the opportunity "${o.name}" listed on Safqa and would like to know more.`,
    url,
  ].join('\n');
}

export function whatsappLink(phone: string, message: string): string {
  return `https://wa.me/${phone}?text=${encodeURIComponent(message)}`;
}
