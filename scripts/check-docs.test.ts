import { describe, expect, it } from 'vitest';
import { anchorsOf, problemsOf } from './check-docs.mjs';

/** A small repository in memory: paths from its root to their text ('' for a folder). */
function repo(files: Record<string, string>) {
  return {
    read: (p: string) => files[p] ?? '',
    kind: (p: string) => (p in files ? (files[p] === '' ? 'dir' : 'file') : undefined),
  };
}

const files = {
  'README.md': '# Safqa\n',
  docs: '',
  'docs/API.md': '# API\n\n## Auth: `POST /api/auth/login`\n\n## Errors\n\n## Errors\n',
  'docs/guide.md': '# Guide\n',
};

describe('check-docs', () => {
  it('accepts links that resolve, with their anchors, and links that are not relative', () => {
    const text = [
      'See [the API](API.md), [its errors](API.md#errors), [again](API.md#errors-1),',
      '[login](API.md#auth-post-apiauthlogin), [home](../README.md), [folder](../docs/),',
      '[web](https://example.com/a), [mail](mailto:a@b.c), [here](#guide).',
      '',
      '# Guide',
    ].join('\n');
    expect(problemsOf('docs/guide.md', text, repo(files))).toEqual([]);
  });

  it('fails on a missing file, a missing heading and a link out of the repository', () => {
    const text = '[a](missing.md)\n[b](API.md#nowhere)\n[c](../../shared/API.md)\n\n[d]: ./gone.md\n';
    expect(problemsOf('docs/guide.md', text, repo(files))).toEqual([
      'docs/guide.md:1: broken link: missing.md',
      'docs/guide.md:2: no heading for #nowhere in docs/API.md',
      'docs/guide.md:3: link leaves the repository: ../../shared/API.md',
      'docs/guide.md:5: broken link: ./gone.md',
    ]);
  });

  it('fails on a machine path in prose and in code, and not on look-alikes', () => {
    const text = [
      'Measured against `/work/wt/base`.',
      '```sh',
      'node x.mjs --out=/tmp/fuzz.json',
      '```',
      'Read /home/dev/notes, but /proc/stat, apps/work/x and ~/tmp/y are fine.',
    ].join('\n');
    expect(problemsOf('docs/guide.md', text, repo(files))).toEqual([
      'docs/guide.md:1: machine path /work/wt/base',
      'docs/guide.md:3: machine path /tmp/fuzz.json',
      'docs/guide.md:5: machine path /home/dev/notes',
    ]);
  });

  it('does not read links inside code', () => {
    const text = 'Write `[x](nowhere.md)` like this:\n\n```md\n[y](missing.md)\n```\n';
    expect(problemsOf('docs/guide.md', text, repo(files))).toEqual([]);
  });

  it('numbers repeated headings as GitHub does and ignores headings in code', () => {
    expect([...anchorsOf('# A b\n## A b\n```\n# Not\n```\n### Él: `x_y`\n')]).toEqual([
      'a-b',
      'a-b-1',
      'él-x_y',
    ]);
  });
});
