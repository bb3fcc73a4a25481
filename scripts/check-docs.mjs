#!/usr/bin/env node
// Docs stay true (`npm run lint`): in every tracked Markdown file,
//  - a relative link resolves to a file or folder inside the repository, and its `#anchor`, when it
//    points at a Markdown file, to one of that file's headings (GitHub's slugs);
//  - no path of one machine appears (`/work/…`, `/home/…`, `/tmp/…`, `/Users/…`, `/root/…`), in
//    prose or in code: a reader elsewhere has none of them.
// Links inside code (fenced blocks, `spans`) are not links and are skipped; machine paths are not.
// `node scripts/check-docs.mjs` checks the repository; the functions are tested in check-docs.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MACHINE_PATH = /(?<![\w.~$}-])\/(?:work|home|tmp|Users|root)\/(?:[^\s`'")\]]*[^\s`'")\],.;:])?/g;

/** Blanks out fenced code blocks and inline code spans, keeping line numbers and columns. */
export function withoutCode(text) {
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  return text
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^\1?\2[`~]*[ \t]*$|(?![\s\S]))/gm, blank)
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, blank);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(markdown) {
  const seen = new Map();
  const anchors = new Set();
  for (const line of withoutCodeBlocks(markdown).split('\n')) {
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*~]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function withoutCodeBlocks(text) {
  return text.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^\1?\2[`~]*[ \t]*$|(?![\s\S]))/gm, (s) =>
    s.replace(/[^\n]/g, ' '),
  );
}

/** Link targets with their line: inline `[text](target)`, images, and reference definitions. */
export function linksOf(markdown) {
  const text = withoutCode(markdown);
  const links = [];
  const lineAt = (index) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ target: match[1], line: lineAt(match.index) });
  }
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) {
    links.push({ target: match[1], line: lineAt(match.index) });
  }
  return links;
}

/**
 * The problems of one Markdown file. `file` is its path from the repository root (forward slashes);
 * `read(repoPath)` answers a file's text, `kind(repoPath)` 'file', 'dir' or undefined.
 */
export function problemsOf(file, markdown, { read, kind }) {
  const problems = [];
  markdown.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(MACHINE_PATH)) {
      problems.push(`${file}:${index + 1}: machine path ${match[0]}`);
    }
  });
  for (const { target, line } of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // http:, mailto:
    const [rawPath, anchor] = target.split('#', 2);
    let targetPath = file;
    if (rawPath) {
      const decoded = decodeURIComponent(rawPath);
      const joined = decoded.startsWith('/')
        ? path.posix.normalize(decoded.slice(1))
        : path.posix.join(path.posix.dirname(file), decoded);
      if (joined === '..' || joined.startsWith('../')) {
        problems.push(`${file}:${line}: link leaves the repository: ${target}`);
        continue;
      }
      targetPath = joined.replace(/\/$/, '') || '.';
      if (!kind(targetPath)) {
        problems.push(`${file}:${line}: broken link: ${target}`);
        continue;
      }
    }
    if (anchor && /\.md$/i.test(targetPath) && kind(targetPath) === 'file') {
      if (!anchorsOf(read(targetPath)).has(decodeURIComponent(anchor).toLowerCase())) {
        problems.push(`${file}:${line}: no heading for #${anchor} in ${targetPath}`);
      }
    }
  }
  return problems;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = execFileSync('git', ['ls-files', '-z', '--', '*.md'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  const read = (repoPath) => readFileSync(path.join(root, repoPath), 'utf8');
  const kind = (repoPath) => {
    const full = path.join(root, repoPath);
    if (!existsSync(full)) return undefined;
    return statSync(full).isDirectory() ? 'dir' : 'file';
  };
  const problems = files.flatMap((file) => problemsOf(file, read(file), { read, kind }));
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`check-docs: ${problems.length} problem(s) in ${files.length} Markdown files`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
