import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureBoundaryConfigs, featureNames } from './feature-boundaries.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function restrictedImports(eslint: ESLint, filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
}

describe('feature boundaries (fixture tree)', () => {
  let cwd: string;
  let eslint: ESLint;

  beforeAll(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'safqa-lint-'));
    for (const feature of ['faq', 'contact', 'faq-admin']) {
      mkdirSync(path.join(cwd, 'apps/web/src/features', feature), { recursive: true });
    }
    eslint = new ESLint({
      cwd,
      overrideConfigFile: true,
      baseConfig: [
        { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
        ...featureBoundaryConfigs(cwd),
      ],
    });
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  const inFaq = (relative: string) => path.join(cwd, 'apps/web/src/features/faq', relative);

  it.each([
    ['alias', 'routes/faq-page.tsx', "import { x } from '@/features/contact/api/send';"],
    ['alias to the folder itself', 'routes/faq-page.tsx', "import * as c from '@/features/contact';"],
    ['sibling, one level deep', 'use-faqs.ts', "import { x } from '../contact/api/send';"],
    ['sibling, two levels deep', 'components/faq-list.tsx', "import { x } from '../../contact/api/send';"],
    ['sibling, three levels deep', 'components/list/item.tsx', "export { x } from '../../../contact/x';"],
    ['through features/', 'components/faq-list.tsx', "import { x } from '../../../features/contact/x';"],
    ['through src/features/', 'api/get-faqs.ts', "import { x } from '../../../../src/features/contact/x';"],
    [
      'a feature whose name starts like ours',
      'api/get-faqs.ts',
      "import { x } from '@/features/faq-admin/x';",
    ],
    ['a type-only import', 'api/get-faqs.ts', "import type { X } from '../../contact/x';"],
  ])('rejects an import of another feature: %s', async (_label, file, code) => {
    const messages = await restrictedImports(eslint, inFaq(file), code);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain('features/faq must not import another feature');
  });

  it.each([
    ['own feature by alias', 'routes/faq-page.tsx', "import { x } from '@/features/faq/api/get-faqs';"],
    ['own feature, relative', 'components/faq-list.tsx', "import { x } from '../api/get-faqs';"],
    ['own feature, up to features/', 'components/faq-list.tsx', "import { x } from '../../faq/api/x';"],
    ['shared components', 'components/faq-list.tsx', "import { Button } from '@/components/ui/button';"],
    ['shared lib, relative', 'components/faq-list.tsx', "import { api } from '../../../lib/api-client';"],
    ['packages', 'api/get-faqs.ts', "import { z } from 'zod'; import { C } from '@safqa/shared/constants';"],
    ['same folder', 'api/get-faqs.ts', "import { x } from './x';"],
  ])('allows %s', async (_label, file, code) => {
    expect(await restrictedImports(eslint, inFaq(file), code)).toEqual([]);
  });

  it('leaves code outside features alone (the router may import every feature)', async () => {
    const file = path.join(cwd, 'apps/web/src/app/router.tsx');
    const code = "import { a } from '@/features/faq/x'; import { b } from '@/features/contact/x';";
    expect(await restrictedImports(eslint, file, code)).toEqual([]);
  });
});

describe('feature boundaries (the repository config)', () => {
  it('guards every feature folder that exists in apps/web/src/features', async () => {
    const eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });
    for (const feature of featureNames(repoRoot)) {
      const filePath = path.join(repoRoot, 'apps/web/src/features', feature, 'components/lint-fixture.tsx');
      const code = "import { x } from '@/features/__another__/x';\nimport { y } from '../api/y';\n";
      const messages = await restrictedImports(eslint, filePath, code);
      expect(
        messages.map((m) => m.line),
        feature,
      ).toEqual([1]);
    }
  });
});
