import { createBilingualPdf, PAGE, PDF_COLORS } from '../../../lib/bilingual-pdf';
import { paragraphDirection } from '../../../lib/bidi-line-layout';

/** What the one-page teaser shows: public facts only (never financials, documents or contacts). */
export interface TeaserData {
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  type: 'invest' | 'buy';
  businessType: { ar: string; en: string };
  city: { ar: string; en: string };
  region: { ar: string; en: string };
  offeredPercentage: number;
  requiredAmount: number;
  negotiable: boolean;
  isVerified: boolean;
  facilityFoundationDay: string;
  facilitySize: number;
  employeesCount: number | null;
  branchesCount: number | null;
}

const BRAND = PDF_COLORS.brand;
const INK = PDF_COLORS.ink;
const MUTED = PDF_COLORS.muted;

const money = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const dateEn = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Renders the one-page bilingual teaser (A4): a brand header, the Arabic column on the right and the
 * English column on the left (name, sector and place, description), a table of headline facts with
 * labels in both languages, and the link to the listing.
 */
export function renderTeaser(
  data: TeaserData,
  options: { url: string; generatedAt?: Date },
): Promise<Buffer> {
  const { doc, useFont, paragraph, finish } = createBilingualPdf({
    Title: `${data.nameEn} | ${data.nameAr}`,
    Subject: 'Opportunity teaser',
  });

  // Header band
  doc.rect(0, 0, PAGE.width, 92).fill(BRAND);
  const inner = PAGE.width - PAGE.margin * 2;
  paragraph(
    'صفقة',
    { x: PAGE.margin, y: 22, width: inner },
    { size: 24, weight: 700, color: '#ffffff', dir: 'rtl' },
  );
  paragraph(
    'Safqa',
    { x: PAGE.margin, y: 22, width: inner },
    { size: 24, weight: 700, color: '#ffffff', dir: 'ltr' },
  );
  const kindAr = data.type === 'buy' ? 'مشروع للبيع' : 'فرصة استثمارية';
  const kindEn = data.type === 'buy' ? 'Business for sale' : 'Investment opportunity';
  paragraph(kindAr, { x: PAGE.margin, y: 58, width: inner }, { size: 11, color: '#ccfbf1', dir: 'rtl' });
  paragraph(kindEn, { x: PAGE.margin, y: 58, width: inner }, { size: 11, color: '#ccfbf1', dir: 'ltr' });

  // Two columns: English on the left, Arabic on the right
  const gap = 24;
  const column = (inner - gap) / 2;
  const leftX = PAGE.margin;
  const rightX = PAGE.margin + column + gap;
  // The names get the full width (and so, usually, one line each), Arabic first. Owners' texts take
  // the direction of their own first letter: an English field may hold the Arabic text as written.
  const titleAr = paragraph(
    data.nameAr,
    { x: PAGE.margin, y: 112, width: inner },
    { size: 19, weight: 700, dir: paragraphDirection(data.nameAr, 'rtl'), maxLines: 2 },
  );
  const titleEn = paragraph(
    data.nameEn,
    { x: PAGE.margin, y: titleAr, width: inner },
    { size: 17, weight: 700, dir: paragraphDirection(data.nameEn, 'ltr'), maxLines: 2 },
  );
  let yAr = titleEn + 4;
  let yEn = titleEn + 4;
  yAr = paragraph(
    `${data.businessType.ar} · ${data.city.ar}، ${data.region.ar}`,
    { x: rightX, y: yAr, width: column },
    { size: 10.5, color: MUTED, dir: 'rtl', maxLines: 2 },
  );
  yEn = paragraph(
    `${data.businessType.en} · ${data.city.en}, ${data.region.en}`,
    { x: leftX, y: yEn, width: column },
    { size: 10.5, color: MUTED, dir: 'ltr', maxLines: 2 },
  );
  if (data.isVerified) {
    yAr = paragraph(
      'فرصة موثقة',
      { x: rightX, y: yAr, width: column },
      { size: 10, weight: 700, color: BRAND, dir: 'rtl' },
    );
    yEn = paragraph(
      'Verified listing',
      { x: leftX, y: yEn, width: column },
      { size: 10, weight: 700, color: BRAND, dir: 'ltr' },
    );
  }
  const descTop = Math.max(yAr, yEn) + 10;
  yAr = paragraph(
    data.descriptionAr,
    { x: rightX, y: descTop, width: column },
    { size: 10.5, dir: paragraphDirection(data.descriptionAr, 'rtl'), maxLines: 14 },
  );
  yEn = paragraph(
    data.descriptionEn,
    { x: leftX, y: descTop, width: column },
    { size: 10.5, dir: paragraphDirection(data.descriptionEn, 'ltr'), maxLines: 14 },
  );

  // Facts table: English label | value | Arabic label
  const facts: Array<[string, string, string]> = [
    [
      'Asking amount',
      `SAR ${money.format(data.requiredAmount)}${data.negotiable ? ' (negotiable)' : ''}`,
      'المبلغ المطلوب',
    ],
    ['Offered stake', `${percent.format(data.offeredPercentage)}%`, 'النسبة المعروضة'],
    ['Foundation date', dateEn.format(new Date(`${data.facilityFoundationDay}T00:00:00Z`)), 'تاريخ التأسيس'],
    ['Workers', money.format(data.facilitySize), 'عدد العاملين'],
  ];
  if (data.employeesCount !== null)
    facts.push(['Employees', money.format(data.employeesCount), 'عدد الموظفين']);
  if (data.branchesCount !== null) facts.push(['Branches', money.format(data.branchesCount), 'عدد الفروع']);
  let y = Math.max(yAr, yEn) + 16;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.8)
    .strokeColor('#cbd5e1')
    .stroke();
  y += 8;
  for (const [en, value, ar] of facts) {
    paragraph(en, { x: leftX, y, width: inner / 3 }, { size: 10.5, color: MUTED, dir: 'ltr' });
    useFont('en', 700, 11.5);
    const w = doc.widthOfString(value);
    doc.fillColor(INK).text(value, PAGE.margin + (inner - w) / 2, y - 1, { lineBreak: false });
    paragraph(
      ar,
      { x: PAGE.width - PAGE.margin - inner / 3, y, width: inner / 3 },
      { size: 10.5, color: MUTED, dir: 'rtl' },
    );
    y += 24;
    doc
      .moveTo(PAGE.margin, y - 5)
      .lineTo(PAGE.width - PAGE.margin, y - 5)
      .lineWidth(0.4)
      .strokeColor('#e2e8f0')
      .stroke();
  }

  // Footer: where to see the rest
  const footerY = PAGE.height - 96;
  doc.rect(PAGE.margin, footerY, inner, 56).fill('#f0fdfa');
  paragraph(
    'التفاصيل المالية والمستندات وبيانات التواصل متاحة للأعضاء على المنصة.',
    { x: PAGE.margin + 12, y: footerY + 8, width: inner - 24 },
    { size: 9.5, color: INK, dir: 'rtl' },
  );
  paragraph(
    'Financials, documents and contact details are available to members on the platform.',
    { x: PAGE.margin + 12, y: footerY + 22, width: inner - 24 },
    { size: 9.5, color: INK, dir: 'ltr' },
  );
  useFont('en', 700, 9.5);
  doc
    .fillColor(BRAND)
    .text(options.url, PAGE.margin + 12, footerY + 37, { lineBreak: false, link: options.url });
  const generated = `Generated ${dateEn.format(options.generatedAt ?? new Date())}`;
  useFont('en', 400, 8);
  doc
    .fillColor(MUTED)
    .text(generated, PAGE.width - PAGE.margin - doc.widthOfString(generated), PAGE.height - 30, {
      lineBreak: false,
    });

  return finish();
}
