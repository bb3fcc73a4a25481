import type { Language } from '@safqa/shared/constants';
import { withoutInvisibleControls } from '@safqa/shared/validation/deals';
import { paragraphDirection } from '../../lib/bidi-line-layout';
import { createBilingualPdf, PAGE, PDF_COLORS } from '../../lib/bilingual-pdf';

/** What the letter of intent carries: the listing, the parties, the terms and both signatures. */
export interface LoiPdfData {
  dealId: number;
  version: number;
  listing: { nameAr: string; nameEn: string; type: 'invest' | 'buy' };
  seller: string;
  buyer: string;
  price: number;
  percentage: number;
  exclusivityDays: number;
  dueDiligenceDays: number;
  conditions: string;
  sellerSignature: string | null;
  sellerSignedAt: Date | null;
  buyerSignature: string | null;
  buyerSignedAt: Date | null;
}

/**
 * The letter's data from the deal's rows, its listing and the parties' names. Every text a user
 * typed loses its bidi controls and zero-width characters: usernames, listing names and signatures
 * stored before the signature form refused them could otherwise be drawn reading backwards.
 */
export function loiPdfData(
  row: { id: number; sellerId: number; buyerId: number },
  loi: Omit<LoiPdfData, 'dealId' | 'listing' | 'seller' | 'buyer'>,
  target: { nameAr: string; name: string; type: 'invest' | 'buy' },
  names: Map<number, string>,
): LoiPdfData {
  return {
    dealId: row.id,
    version: loi.version,
    listing: {
      nameAr: withoutInvisibleControls(target.nameAr),
      nameEn: withoutInvisibleControls(target.name),
      type: target.type,
    },
    seller: withoutInvisibleControls(names.get(row.sellerId) ?? ''),
    buyer: withoutInvisibleControls(names.get(row.buyerId) ?? ''),
    price: loi.price,
    percentage: loi.percentage,
    exclusivityDays: loi.exclusivityDays,
    dueDiligenceDays: loi.dueDiligenceDays,
    conditions: withoutInvisibleControls(loi.conditions),
    sellerSignature: loi.sellerSignature && withoutInvisibleControls(loi.sellerSignature),
    sellerSignedAt: loi.sellerSignedAt,
    buyerSignature: loi.buyerSignature && withoutInvisibleControls(loi.buyerSignature),
    buyerSignedAt: loi.buyerSignedAt,
  };
}

const money = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** Signature times in the letter's language: Gregorian, Latin digits, Riyadh time (as the web app writes them). */
const stamps: Record<Language, Intl.DateTimeFormat> = {
  ar: new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }),
  en: new Intl.DateTimeFormat('en-GB-u-ca-gregory-nu-latn', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }),
};

function when(at: Date | null, lang: Language) {
  return at ? `${stamps[lang].format(at)} (UTC+3)` : '-';
}

/**
 * The letter of intent (A4): a header, the terms as rows with labels in both languages, the
 * conditions as written, every word of them on as many pages as they take (this is the signed
 * document), and both signatures with name and time after them. `lang` decides which language's
 * block comes first; both are always there.
 */
export function renderLoiPdf(data: LoiPdfData, lang: Language): Promise<Buffer> {
  const { doc, useFont, paragraph, finish } = createBilingualPdf({
    Title: `Letter of intent ${data.dealId}-${data.version} | خطاب نوايا`,
    Subject: 'Letter of intent',
  });
  const inner = PAGE.width - PAGE.margin * 2;
  const x = PAGE.margin;
  const { brand, muted } = PDF_COLORS;

  doc.rect(0, 0, PAGE.width, 80).fill(brand);
  const headings: Array<[string, 'rtl' | 'ltr']> = [
    ['خطاب نوايا', 'rtl'],
    ['Letter of intent', 'ltr'],
  ];
  for (const [text, dir] of headings)
    paragraph(text, { x, y: 20, width: inner }, { size: 20, weight: 700, color: '#ffffff', dir });
  paragraph(
    `Safqa · ${data.dealId}-${data.version}`,
    { x, y: 52, width: inner },
    {
      size: 10,
      color: '#ccfbf1',
      dir: 'ltr',
    },
  );

  let y = 96;
  y = paragraph(
    data.listing.nameAr,
    { x, y, width: inner },
    {
      size: 15,
      weight: 700,
      dir: paragraphDirection(data.listing.nameAr, 'rtl'),
      maxLines: 2,
    },
  );
  y = paragraph(
    data.listing.nameEn,
    { x, y, width: inner },
    {
      size: 14,
      weight: 700,
      dir: paragraphDirection(data.listing.nameEn, 'ltr'),
      maxLines: 2,
    },
  );

  const intro: Array<[string, 'rtl' | 'ltr']> = [
    [
      `يعبّر البائع ${data.seller} والمشتري ${data.buyer} عن نيتهما إتمام الصفقة بالشروط التالية، وهذا الخطاب غير ملزم إلا في ما يخص الحصرية والسرية.`,
      'rtl',
    ],
    [
      `The seller ${data.seller} and the buyer ${data.buyer} state their intent to complete the deal on the terms below; this letter binds only as to exclusivity and confidentiality.`,
      'ltr',
    ],
  ];
  if (lang === 'en') intro.reverse();
  y += 6;
  for (const [text, dir] of intro) y = paragraph(text, { x, y, width: inner }, { size: 10, dir }) + 2;

  const stake = data.listing.type === 'buy' ? ['نسبة الملكية', 'Ownership share'] : ['الحصة', 'Stake'];
  const rows: Array<[string, string, string]> = [
    ['Price', `SAR ${money.format(data.price)}`, 'السعر'],
    [stake[1]!, `${percent.format(data.percentage)}%`, stake[0]!],
    ['Exclusivity', `${data.exclusivityDays} days`, 'الحصرية (أيام)'],
    ['Due diligence', `${data.dueDiligenceDays} days`, 'الفحص النافي للجهالة (أيام)'],
  ];
  y += 8;
  for (const [en, value, ar] of rows) {
    paragraph(en, { x, y, width: inner / 3 }, { size: 10.5, color: muted, dir: 'ltr' });
    useFont('en', 700, 11);
    doc.fillColor(PDF_COLORS.ink).text(value, x + (inner - doc.widthOfString(value)) / 2, y - 1, {
      lineBreak: false,
    });
    paragraph(ar, { x: x + (inner * 2) / 3, y, width: inner / 3 }, { size: 10.5, color: muted, dir: 'rtl' });
    y += 22;
  }

  y += 6;
  const condHeads: Array<[string, 'rtl' | 'ltr']> = [
    ['الشروط', 'rtl'],
    ['Conditions', 'ltr'],
  ];
  for (const [text, dir] of condHeads)
    paragraph(text, { x, y, width: inner }, { size: 11, weight: 700, dir });
  y += 18;
  // A continued page names the letter, so a loose page is still known for what it is.
  const continued = () => {
    paragraph(
      `Safqa · ${data.dealId}-${data.version} · خطاب نوايا | Letter of intent`,
      { x, y: PAGE.margin - 14, width: inner },
      { size: 9, color: muted, dir: 'ltr' },
    );
    return PAGE.margin + 10;
  };
  y = paragraph(
    data.conditions || '-',
    { x, y, width: inner },
    {
      size: 10,
      dir: paragraphDirection(data.conditions, lang === 'ar' ? 'rtl' : 'ltr'),
      onNewPage: continued,
    },
  );

  // Signatures: seller on the right (Arabic side), buyer on the left, at the foot of the page the
  // terms end on, or of a page of their own when the terms leave no room for them.
  if (y + 16 > PAGE.height - 190) {
    doc.addPage();
    continued();
  }
  y = PAGE.height - 190;
  doc
    .moveTo(x, y)
    .lineTo(x + inner, y)
    .lineWidth(0.8)
    .strokeColor('#cbd5e1')
    .stroke();
  y += 10;
  const half = (inner - 24) / 2;
  const block = (bx: number, ar: string, en: string, name: string | null, at: Date | null) => {
    let by = paragraph(ar, { x: bx, y, width: half }, { size: 10, color: muted, dir: 'rtl' });
    by = paragraph(en, { x: bx, y: by, width: half }, { size: 10, color: muted, dir: 'ltr' });
    by = paragraph(
      name ?? '-',
      { x: bx, y: by + 2, width: half },
      {
        size: 13,
        weight: 700,
        dir: paragraphDirection(name ?? '-', 'ltr'),
      },
    );
    paragraph(
      when(at, lang),
      { x: bx, y: by, width: half },
      { size: 9, color: muted, dir: lang === 'ar' ? 'rtl' : 'ltr' },
    );
  };
  block(x + half + 24, 'توقيع البائع', 'Seller signature', data.sellerSignature, data.sellerSignedAt);
  block(x, 'توقيع المشتري', 'Buyer signature', data.buyerSignature, data.buyerSignedAt);

  return finish();
}
