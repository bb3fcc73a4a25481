import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 22 item 19: a listing that admins approved is "Published" / "منشورة", and a listing of type
 * buy is "For sale" / "بيع", on every screen (status badges, admin tabs, saved searches, the wizard,
 * insights, notification settings), not "Approved" here and "Published" there.
 */
const LOCALES = path.resolve(import.meta.dirname, '../locales');
type Tree = { [key: string]: string | Tree };
const catalogue = (lang: string, area: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, lang, `${area}.json`), 'utf8')) as Tree;
const at = (tree: Tree, key: string) =>
  key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );

function allTexts(lang: string): string[] {
  const texts: string[] = [];
  const walk = (node: string | Tree) =>
    typeof node === 'string' ? texts.push(node) : Object.values(node).forEach(walk);
  for (const area of [
    'admin',
    'favorites',
    'home',
    'insights',
    'listings',
    'notifications',
    'opportunities',
    'saved-searches',
  ]) {
    walk(catalogue(lang, area));
  }
  return texts;
}

const WORDS = {
  ar: { approved: 'منشورة', buy: 'بيع', notApproved: /عتمد/ },
  en: { approved: 'Published', buy: 'For sale', notApproved: /\bapproved listings?\b|^Approved$|\bSale\b/ },
} as const;

describe.each(['ar', 'en'] as const)('catalogue wording (%s)', (lang) => {
  const words = WORDS[lang];

  it('names the approved status one way on every screen', () => {
    expect(at(catalogue(lang, 'listings'), 'status.approved')).toBe(words.approved);
    expect(at(catalogue(lang, 'admin'), 'status.approved')).toBe(words.approved);
  });

  it('names the buy type one way on every screen', () => {
    expect(at(catalogue(lang, 'listings'), 'type.buy')).toBe(words.buy);
    expect(at(catalogue(lang, 'admin'), 'review.types.buy')).toBe(words.buy);
    expect(at(catalogue(lang, 'saved-searches'), 'describe.buy')).toBe(words.buy);
    expect(at(catalogue(lang, 'opportunities'), 'wizard.type.buy')).toContain(words.buy);
  });

  it('has no text left with the other word', () => {
    expect(allTexts(lang).filter((text) => words.notApproved.test(text))).toEqual([]);
  });
});
