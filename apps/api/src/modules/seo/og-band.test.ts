import { describe, expect, it } from 'vitest';
import { OG_WIDTH, layoutLines, previewBand, previewSvg, type PreviewFacts } from './og-image';

const INNER = OG_WIDTH - 2 * 72;

const madinah: PreviewFacts = {
  nameAr: 'مطعم المدينة',
  nameEn: 'Madinah Restaurant',
  amount: 'SAR 2,800,000',
  placeAr: 'المدينة المنورة، منطقة المدينة المنورة',
  placeEn: 'Madinah, Madinah Region',
  businessTypeAr: 'أغذية ومشروبات',
  businessTypeEn: 'Food & Beverage',
};

describe('the preview image facts band', () => {
  it('shows the whole Arabic place line where the English one fits, at a size that fits the room', () => {
    const band = previewBand(madinah, INNER);
    for (const line of [band.placeAr, band.placeEn]) {
      const laid = layoutLines(line.text, 'rtl', line.style, { width: band.placesWidth, maxLines: 1 });
      expect(laid.cut, line.text).toBe(false);
      expect(laid.lines.flat().join(' ')).toBe(line.text);
    }
    // At the size the English line keeps, the Arabic one would not have fitted: it is set smaller.
    expect(band.placeAr.style.size).toBeLessThan(32);
    expect(band.placeAr.style.size).toBeGreaterThanOrEqual(24);
    expect(band.placeEn.style.size).toBe(28);
  });

  it('gives the place lines the room the amount does not use', () => {
    const small = previewBand({ ...madinah, amount: 'SAR 90,000' }, INNER);
    const large = previewBand({ ...madinah, amount: 'SAR 250,000,000' }, INNER);
    expect(small.placesWidth).toBeGreaterThan(large.placesWidth);
    expect(large.placesX + large.placesWidth).toBe(INNER);
  });

  it('still cuts a place line too long for the smallest size, with an ellipsis', () => {
    const long = { ...madinah, placeAr: `${madinah.placeAr} `.repeat(4).trim() };
    const band = previewBand(long, INNER);
    expect(band.placeAr.style.size).toBe(24);
    const laid = layoutLines(band.placeAr.text, 'rtl', band.placeAr.style, {
      width: band.placesWidth,
      maxLines: 1,
    });
    expect(laid.cut).toBe(true);
    expect(laid.lines[0]!.at(-1)).toBe('…');
    expect(previewSvg(long)).toContain('<svg');
  });
});
