import { BUSINESS_TYPE_IDS as T } from './data/business-types';

/**
 * Per business type: a palette and a simple line icon drawn with SVG primitives in a 100×100 box
 * (no text, so nothing depends on the fonts installed where the seed runs).
 */
export interface Theme {
  from: string;
  to: string;
  light: string;
  icon: string;
}

const ICONS: Record<number, string> = {
  [T.realEstate]:
    '<rect x="20" y="26" width="32" height="62" rx="2"/><rect x="52" y="44" width="28" height="44" rx="2"/><path d="M28 38h6M40 38h6M28 50h6M40 50h6M28 62h6M40 62h6M60 56h12M60 68h12M12 88h76"/>',
  [T.industry]:
    '<path d="M12 86V50l18 12V50l18 12V50l18 12V24h14v62Z"/><path d="M24 74h8M42 74h8M60 74h8M66 16h14"/>',
  [T.healthcare]: '<circle cx="50" cy="50" r="38"/><path d="M42 28h16v14h14v16H58v14H42V58H28V42h14Z"/>',
  [T.ecommerce]:
    '<path d="M10 20h12l10 44h44l10-32H28"/><circle cx="40" cy="78" r="6"/><circle cx="70" cy="78" r="6"/><path d="M44 42h24"/>',
  [T.startups]:
    '<path d="M50 10c15 11 21 28 18 48l-8 12H40l-8-12c-3-20 3-37 18-48Z"/><circle cx="50" cy="38" r="7"/><path d="M33 56L20 72l15-2M67 56l13 16-15-2M43 76l7 14 7-14"/>',
  [T.retail]:
    '<path d="M14 40l7-22h58l7 22"/><path d="M14 40c0 6 5 10 12 10s12-4 12-10c0 6 5 10 12 10s12-4 12-10c0 6 5 10 12 10s12-4 12-10"/><path d="M20 50v36h60V50"/><rect x="42" y="62" width="16" height="24"/>',
  [T.tech]:
    '<rect x="20" y="20" width="60" height="42" rx="4"/><path d="M10 74h80l-6 9H16Z"/><path d="M42 32l-9 9 9 9M58 32l9 9-9 9"/>',
  [T.food]:
    '<path d="M18 42h50v18c0 14-11 25-25 25S18 74 18 60Z"/><path d="M68 48h6c6 0 10 4 10 9s-4 9-10 9h-8"/><path d="M32 14c-4 6 4 10 0 16M44 12c-4 6 4 10 0 16M56 14c-4 6 4 10 0 16"/>',
  [T.education]:
    '<path d="M6 40l44-18 44 18-44 18Z"/><path d="M26 48v18c0 6 11 12 24 12s24-6 24-12V48"/><path d="M88 43v24"/>',
  [T.logistics]:
    '<path d="M6 26h52v44H6Z"/><path d="M58 40h18l16 16v14H58"/><circle cx="24" cy="74" r="8"/><circle cx="74" cy="74" r="8"/>',
  [T.tourism]:
    '<path d="M8 84L50 18l42 66Z"/><path d="M50 18v66M38 84l12-22 12 22"/><path d="M40 12l10 6 10-6"/>',
  [T.services]:
    '<rect x="12" y="32" width="76" height="52" rx="6"/><path d="M36 32v-8c0-3 2-5 5-5h18c3 0 5 2 5 5v8M12 54h76M44 54v8h12v-8"/>',
  [T.agriculture]:
    '<path d="M50 90V44"/><path d="M50 44c-6-14-20-19-36-12 15 0 26 6 36 12Z"/><path d="M50 44c6-14 20-19 36-12-15 0-26 6-36 12Z"/><path d="M50 44c-13-6-25 2-30 17 9-8 19-13 30-17Z"/><path d="M50 44c13-6 25 2 30 17-9-8-19-13-30-17Z"/><path d="M28 90h44"/>',
  [T.beauty]:
    '<circle cx="30" cy="74" r="11"/><circle cx="70" cy="74" r="11"/><path d="M37 65L74 12M63 65L26 12"/><path d="M84 20l2 6 6 2-6 2-2 6-2-6-6-2 6-2Z"/>',
  [T.automotive]:
    '<path d="M8 72V56l12-4 12-18h34l14 18 12 4v16Z"/><path d="M36 50l6-9h22l7 9Z"/><circle cx="28" cy="74" r="9"/><circle cx="72" cy="74" r="9"/>',
  [T.construction]:
    '<path d="M28 90V12h6v78M10 12h80M34 24L54 12M28 24L12 12M82 12v28"/><rect x="72" y="40" width="20" height="14" rx="2"/><path d="M28 30l6 8-6 8 6 8-6 8 6 8-6 8M16 90h30"/>',
  [T.franchise]:
    '<circle cx="50" cy="38" r="24"/><path d="M35 58l-9 30 24-11 24 11-9-30"/><path d="M39 38l8 8 15-16"/>',
  [T.fitness]:
    '<path d="M32 50h36"/><rect x="10" y="36" width="10" height="28" rx="3"/><rect x="20" y="28" width="10" height="44" rx="3"/><rect x="70" y="28" width="10" height="44" rx="3"/><rect x="80" y="36" width="10" height="28" rx="3"/>',
};

const PALETTES: Record<number, [from: string, to: string, light: string]> = {
  [T.realEstate]: ['#334155', '#64748b', '#f1f5f9'],
  [T.industry]: ['#374151', '#b45309', '#fef3c7'],
  [T.healthcare]: ['#0e7490', '#22d3ee', '#ecfeff'],
  [T.ecommerce]: ['#0f766e', '#22c55e', '#ecfdf5'],
  [T.startups]: ['#4c1d95', '#db2777', '#fdf4ff'],
  [T.retail]: ['#9a3412', '#f59e0b', '#fff7ed'],
  [T.tech]: ['#1e3a8a', '#0ea5e9', '#e0f2fe'],
  [T.food]: ['#5b3420', '#c0844e', '#f6ede3'],
  [T.education]: ['#1e40af', '#7c3aed', '#ede9fe'],
  [T.logistics]: ['#1f2937', '#f97316', '#ffedd5'],
  [T.tourism]: ['#b45309', '#fbbf24', '#fffbeb'],
  [T.services]: ['#115e59', '#0891b2', '#f0fdfa'],
  [T.agriculture]: ['#166534', '#84cc16', '#f7fee7'],
  [T.beauty]: ['#9d174d', '#f472b6', '#fdf2f8'],
  [T.automotive]: ['#111827', '#dc2626', '#fee2e2'],
  [T.construction]: ['#78350f', '#eab308', '#fefce8'],
  [T.franchise]: ['#7c2d12', '#ea580c', '#fff7ed'],
  [T.fitness]: ['#064e3b', '#10b981', '#d1fae5'],
};

/** Business types added later by admins fall back to the professional-services look. */
export function themeOf(businessTypeId: number): Theme {
  const [from, to, light] = PALETTES[businessTypeId] ?? PALETTES[T.services]!;
  return { from, to, light, icon: ICONS[businessTypeId] ?? ICONS[T.services]! };
}

/** The icon scaled into a square of `size` at (x, y), as a duotone line drawing. */
export function iconAt(
  theme: Theme,
  x: number,
  y: number,
  size: number,
  stroke: string,
  fill: string,
): string {
  const scale = size / 100;
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="${fill}" fill-opacity="0.22" stroke="${stroke}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${theme.icon}</g>`;
}
