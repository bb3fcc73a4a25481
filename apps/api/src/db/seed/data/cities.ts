import { REGION_IDS } from './regions';

/**
 * Main cities and governorates of each region, with fixed ids (grouped by region, in the regions'
 * official order). Demo opportunities refer to a city by its English name.
 */
export interface CitySeed {
  id: number;
  regionId: number;
  nameAr: string;
  nameEn: string;
}

type CityNames = Array<[id: number, nameAr: string, nameEn: string]>;

const CITIES_BY_REGION: Array<[regionId: number, cities: CityNames]> = [
  [
    REGION_IDS.riyadh,
    [
      [1, 'الرياض', 'Riyadh'],
      [2, 'الخرج', 'Al-Kharj'],
      [3, 'الدرعية', 'Diriyah'],
      [4, 'المجمعة', "Al Majma'ah"],
      [5, 'الدوادمي', 'Ad Dawadmi'],
      [6, 'وادي الدواسر', 'Wadi ad-Dawasir'],
      [7, 'الزلفي', 'Az Zulfi'],
      [8, 'شقراء', 'Shaqra'],
      [9, 'عفيف', 'Afif'],
      [10, 'القويعية', 'Al Quwayiyah'],
      [11, 'الأفلاج', 'Al Aflaj'],
    ],
  ],
  [
    REGION_IDS.makkah,
    [
      [12, 'مكة المكرمة', 'Makkah'],
      [13, 'جدة', 'Jeddah'],
      [14, 'الطائف', 'Taif'],
      [15, 'رابغ', 'Rabigh'],
      [16, 'القنفذة', 'Al Qunfudhah'],
      [17, 'الليث', 'Al Lith'],
      [18, 'الجموم', 'Al Jumum'],
      [19, 'خليص', 'Khulais'],
      [20, 'رنية', 'Ranyah'],
      [21, 'الخرمة', 'Al Khurmah'],
    ],
  ],
  [
    REGION_IDS.madinah,
    [
      [22, 'المدينة المنورة', 'Madinah'],
      [23, 'ينبع', 'Yanbu'],
      [24, 'العلا', 'AlUla'],
      [25, 'بدر', 'Badr'],
      [26, 'خيبر', 'Khaybar'],
      [27, 'المهد', 'Al Mahd'],
      [28, 'الحناكية', 'Al Hinakiyah'],
    ],
  ],
  [
    REGION_IDS.eastern,
    [
      [29, 'الدمام', 'Dammam'],
      [30, 'الخبر', 'Al Khobar'],
      [31, 'الظهران', 'Dhahran'],
      [32, 'الأحساء', 'Al-Ahsa'],
      [33, 'الجبيل', 'Jubail'],
      [34, 'القطيف', 'Qatif'],
      [35, 'حفر الباطن', 'Hafar Al-Batin'],
      [36, 'الخفجي', 'Khafji'],
      [37, 'رأس تنورة', 'Ras Tanura'],
      [38, 'بقيق', 'Abqaiq'],
      [39, 'النعيرية', 'An Nuayriyah'],
    ],
  ],
  [
    REGION_IDS.qassim,
    [
      [40, 'بريدة', 'Buraidah'],
      [41, 'عنيزة', 'Unaizah'],
      [42, 'الرس', 'Ar Rass'],
      [43, 'البكيرية', 'Al Bukayriyah'],
      [44, 'المذنب', 'Al Mithnab'],
      [45, 'البدائع', 'Al Badayea'],
    ],
  ],
  [
    REGION_IDS.asir,
    [
      [46, 'أبها', 'Abha'],
      [47, 'خميس مشيط', 'Khamis Mushait'],
      [48, 'بيشة', 'Bisha'],
      [49, 'محايل عسير', 'Muhayil Asir'],
      [50, 'النماص', 'An Namas'],
      [51, 'سراة عبيدة', 'Sarat Abidah'],
      [52, 'ظهران الجنوب', 'Dhahran Al Janub'],
    ],
  ],
  [
    REGION_IDS.tabuk,
    [
      [53, 'تبوك', 'Tabuk'],
      [54, 'الوجه', 'Al Wajh'],
      [55, 'ضباء', 'Duba'],
      [56, 'تيماء', 'Tayma'],
      [57, 'أملج', 'Umluj'],
      [58, 'حقل', 'Haql'],
    ],
  ],
  [
    REGION_IDS.hail,
    [
      [59, 'حائل', 'Hail'],
      [60, 'بقعاء', "Baqa'a"],
      [61, 'الغزالة', 'Al Ghazalah'],
      [62, 'الشنان', 'Ash Shinan'],
    ],
  ],
  [
    REGION_IDS.northernBorders,
    [
      [63, 'عرعر', 'Arar'],
      [64, 'رفحاء', 'Rafha'],
      [65, 'طريف', 'Turaif'],
      [66, 'العويقيلة', 'Al Uwayqilah'],
    ],
  ],
  [
    REGION_IDS.jazan,
    [
      [67, 'جازان', 'Jazan'],
      [68, 'صبيا', 'Sabya'],
      [69, 'أبو عريش', 'Abu Arish'],
      [70, 'صامطة', 'Samtah'],
      [71, 'فرسان', 'Farasan'],
      [72, 'بيش', 'Baish'],
      [73, 'الداير', 'Ad Dayer'],
    ],
  ],
  [
    REGION_IDS.najran,
    [
      [74, 'نجران', 'Najran'],
      [75, 'شرورة', 'Sharurah'],
      [76, 'حبونا', 'Hubuna'],
      [77, 'بدر الجنوب', 'Badr Al Janub'],
    ],
  ],
  [
    REGION_IDS.bahah,
    [
      [78, 'الباحة', 'Al Baha'],
      [79, 'بلجرشي', 'Baljurashi'],
      [80, 'المندق', 'Al Mandaq'],
      [81, 'المخواة', 'Al Makhwah'],
      [82, 'قلوة', 'Qilwah'],
    ],
  ],
  [
    REGION_IDS.jouf,
    [
      [83, 'سكاكا', 'Sakaka'],
      [84, 'دومة الجندل', 'Dumat Al-Jandal'],
      [85, 'القريات', 'Al Qurayyat'],
      [86, 'طبرجل', 'Tabarjal'],
    ],
  ],
];

/** Ids are stable once released: a new city takes the next unused id, whatever its region. */
export const CITIES: CitySeed[] = CITIES_BY_REGION.flatMap(([regionId, names]) =>
  names.map(([id, nameAr, nameEn]) => ({ id, regionId, nameAr, nameEn })),
);
