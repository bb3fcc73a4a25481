import tailwindTheme from 'tailwindcss/theme.css?raw';
import appStyles from '../index.css?raw';

/*
 * jsdom computes no styles, so component tests cannot run axe's color-contrast rule. This reads the
 * colours a Tailwind class names (Tailwind's palette and the app's @theme) and gives the WCAG 2
 * contrast ratio of an element's text on its background, in the light theme.
 */

type Rgb = [number, number, number];

const channel = (value: number) => Math.min(1, Math.max(0, value));
const fromSrgb = (value: number) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);

/** OKLCH (CSS Color 4) → linear sRGB. */
function oklch(lightness: number, chroma: number, hueDegrees: number): Rgb {
  const hue = (hueDegrees * Math.PI) / 180;
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    channel(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    channel(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    channel(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

/** `slate-500` or `brand-700` → linear sRGB, from the app's @theme first, then Tailwind's. */
export function themeColour(name: string): Rgb {
  if (name === 'white') return [1, 1, 1];
  if (name === 'black') return [0, 0, 0];
  for (const css of [appStyles, tailwindTheme]) {
    const value = new RegExp(`--color-${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
    if (!value) continue;
    const hex = /^#([\da-f]{6})$/i.exec(value)?.[1];
    if (hex) return [0, 2, 4].map((i) => fromSrgb(parseInt(hex.slice(i, i + 2), 16) / 255)) as Rgb;
    const lch = /^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)$/.exec(value);
    if (lch) return oklch(Number(lch[1]) / 100, Number(lch[2]), Number(lch[3]));
    throw new Error(`cannot read --color-${name}: ${value}`);
  }
  throw new Error(`no colour ${name} in the theme`);
}

const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

export function contrastRatio(foreground: Rgb, background: Rgb): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The nearest `<prefix>-<colour>-<shade>` class on the element or an ancestor (light theme: no `dark:`). */
function nearestColour(element: Element, prefix: 'text' | 'bg'): string {
  const pattern = new RegExp(`^${prefix}-((?:[a-z]+-\\d+)|white|black)$`);
  for (let node: Element | null = element; node; node = node.parentElement) {
    for (const token of node.classList) {
      const match = pattern.exec(token);
      if (match) return match[1]!;
    }
  }
  // The page itself: body is text-slate-900 on white (index.css).
  return prefix === 'text' ? 'slate-900' : 'white';
}

/** The contrast ratio of the element's text colour on its background, as their classes say. */
export function textContrast(element: Element): number {
  return contrastRatio(
    themeColour(nearestColour(element, 'text')),
    themeColour(nearestColour(element, 'bg')),
  );
}
