/** The 13 administrative regions of Saudi Arabia, in the official order, with fixed ids. */
export interface RegionSeed {
  id: number;
  nameAr: string;
  nameEn: string;
}

export const REGION_IDS = {
  riyadh: 1,
  makkah: 2,
  madinah: 3,
  eastern: 4,
  qassim: 5,
  asir: 6,
  tabuk: 7,
  hail: 8,
  northernBorders: 9,
  jazan: 10,
  najran: 11,
  bahah: 12,
  jouf: 13,
} as const;

const R = REGION_IDS;

export const REGIONS: RegionSeed[] = [
  { id: R.riyadh, nameAr: 'منطقة الرياض', nameEn: 'Riyadh Region' },
  { id: R.makkah, nameAr: 'منطقة مكة المكرمة', nameEn: 'Makkah Region' },
  { id: R.madinah, nameAr: 'منطقة المدينة المنورة', nameEn: 'Madinah Region' },
  { id: R.eastern, nameAr: 'المنطقة الشرقية', nameEn: 'Eastern Province' },
  { id: R.qassim, nameAr: 'منطقة القصيم', nameEn: 'Al-Qassim Region' },
  { id: R.asir, nameAr: 'منطقة عسير', nameEn: 'Asir Region' },
  { id: R.tabuk, nameAr: 'منطقة تبوك', nameEn: 'Tabuk Region' },
  { id: R.hail, nameAr: 'منطقة حائل', nameEn: 'Hail Region' },
  { id: R.northernBorders, nameAr: 'منطقة الحدود الشمالية', nameEn: 'Northern Borders Region' },
  { id: R.jazan, nameAr: 'منطقة جازان', nameEn: 'Jazan Region' },
  { id: R.najran, nameAr: 'منطقة نجران', nameEn: 'Najran Region' },
  { id: R.bahah, nameAr: 'منطقة الباحة', nameEn: 'Al-Bahah Region' },
  { id: R.jouf, nameAr: 'منطقة الجوف', nameEn: 'Al-Jouf Region' },
];
