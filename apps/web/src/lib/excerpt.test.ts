import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt';

describe('excerpt', () => {
  it('keeps a text that fits, with its spaces collapsed', () => {
    expect(excerpt('  A  small café\nby the sea ', 40)).toBe('A small café by the sea');
  });

  it('cuts at the last whole word that fits and adds an ellipsis', () => {
    const text = 'A café with a panoramic terrace overlooking the Abha mountains';
    const short = excerpt(text, 30);
    expect(short).toBe('A café with a panoramic…');
    expect([...short].length).toBeLessThanOrEqual(30);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
  });

  it('cuts Arabic at a word boundary too, and drops punctuation left before the ellipsis', () => {
    expect(excerpt('مقهى بإطلالة على جبال أبها، يقدّم القهوة المختصة', 24)).toBe('مقهى بإطلالة على جبال…');
    expect(excerpt('٣٠٠٬٠٠٠ ر.س. · جدة · مطعم برجر مزدحم', 19)).toBe('٣٠٠٬٠٠٠ ر.س. · جدة…');
    expect(excerpt('٣٠٠٬٠٠٠ ر.س. · جدة · مطعم برجر مزدحم', 22)).toBe('٣٠٠٬٠٠٠ ر.س. · جدة…');
  });

  it('keeps the last word when the cut falls just after it', () => {
    expect(excerpt('one two three', 8)).toBe('one two…');
  });

  it('cuts one over-long word where it must, without splitting an emoji', () => {
    expect(excerpt('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(excerpt('😀'.repeat(20), 5)).toBe('😀😀😀😀…');
  });
});
