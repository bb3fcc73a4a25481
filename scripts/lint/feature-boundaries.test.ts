import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BOUNDARY_EXCEPTIONS,
  API_MODULES_DIR,
  SCHEMA_OWNERS,
  apiAreaNames,
  apiModuleBoundaryConfigs,
  featureBoundaryConfigs,
  featureNames,
} from './feature-boundaries.js';

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

describe('api module boundaries (fixture tree)', () => {
  let cwd: string;
  let eslint: ESLint;

  beforeAll(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'safqa-lint-api-'));
    for (const area of ['offers', 'opportunities', 'notifications', 'saved-searches']) {
      mkdirSync(path.join(cwd, API_MODULES_DIR, area), { recursive: true });
    }
    eslint = new ESLint({
      cwd,
      overrideConfigFile: true,
      baseConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        ...apiModuleBoundaryConfigs(cwd, API_MODULES_DIR, {
          'saved-searches/repository.ts': ['../../db/schema/users'],
        }),
      ],
    });
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  const inModules = (relative: string) => path.join(cwd, API_MODULES_DIR, relative);

  it.each([
    [
      'another area’s tables',
      'offers/peers.ts',
      "import { opportunities } from '../../db/schema/opportunities';",
    ],
    [
      'another area’s tables, with an extension',
      'offers/service.ts',
      "import { users } from '../../db/schema/users.ts';",
    ],
    [
      'tables of a shared schema file it does not own',
      'offers/service.ts',
      "import { faqs } from '../../db/schema/content';",
    ],
    [
      'another area’s repository',
      'opportunities/routes.ts',
      "import { r } from '../notifications/repository';",
    ],
    [
      'another area’s *-repository',
      'offers/service.ts',
      "import { r } from '../opportunities/moderation-repository';",
    ],
    [
      'another area’s repository, two levels deep',
      'opportunities/teaser/pdf.ts',
      "import { r } from '../../offers/repository';",
    ],
    [
      'another area’s repository through modules/',
      'offers/service.ts',
      "import { r } from '../../modules/opportunities/repository';",
    ],
    [
      'a type-only import of a repository',
      'offers/service.ts',
      "import type { R } from '../opportunities/repository';",
    ],
    [
      'an import the exception list does not name',
      'saved-searches/repository.ts',
      "import { x } from '../../db/schema/offers';",
    ],
  ])('rejects %s', async (_label, file, code) => {
    const messages = await restrictedImports(eslint, inModules(file), code);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toMatch(/must not import another area's (tables|repository)/);
  });

  it.each([
    ['another area’s service', 'offers/service.ts', "import type { S } from '../opportunities/service';"],
    ['its own repository', 'offers/service.ts', "import * as repo from './repository';"],
    ['its own tables', 'offers/repository.ts', "import { offers } from '../../db/schema/offers';"],
    [
      'a schema file it shares',
      'notifications/repository.ts',
      "import { notifications } from '../../db/schema/alerts';",
    ],
    [
      'its own repository, from a subfolder',
      'opportunities/teaser/pdf.ts',
      "import { r } from '../repository';",
    ],
    [
      'platform code',
      'offers/service.ts',
      "import { rows } from '../../db/rows'; import { j } from '../../jobs/job-repository';",
    ],
    [
      'an import the exception list names',
      'saved-searches/repository.ts',
      "import { users } from '../../db/schema/users';",
    ],
    ['any table from a test', 'offers/offers.test.ts', "import { users } from '../../db/schema/users';"],
    [
      'a read model (src/read-models/, which joins several areas’ tables)',
      'opportunities/repository.ts',
      "import { d } from '../../read-models/listing-details';",
    ],
    [
      'the stored-file shapes, owned by no area',
      'offers/service.ts',
      "import type { StoredDocument } from '../../db/stored-files';",
    ],
  ])('allows %s', async (_label, file, code) => {
    expect(await restrictedImports(eslint, inModules(file), code)).toEqual([]);
  });
});

describe('api module boundaries (the repository config)', () => {
  it('guards every area folder in apps/api/src/modules', async () => {
    const eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });
    const areas = apiAreaNames(repoRoot);
    expect(areas.length).toBeGreaterThan(10);
    for (const area of areas) {
      const other = area === 'offers' ? 'chat' : 'offers';
      const filePath = path.join(repoRoot, API_MODULES_DIR, area, 'lint-fixture.ts');
      const code = `import { x } from '../${other}/repository';\nimport { y } from '../${other}/service';\n`;
      const messages = await restrictedImports(eslint, filePath, code);
      expect(
        messages.map((m) => m.line),
        area,
      ).toEqual([1]);
    }
  });

  it('leaves read models free to read every area’s tables (they live outside modules/)', async () => {
    const eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });
    const filePath = path.join(repoRoot, 'apps/api/src/read-models/lint-fixture.ts');
    const code =
      "import { opportunities } from '../db/schema/opportunities';\nimport { regions } from '../db/schema/lookups';\n";
    expect(await restrictedImports(eslint, filePath, code)).toEqual([]);
  });

  it('names only schema files that exist, owned by areas that exist', () => {
    const schemaDir = path.join(repoRoot, 'apps/api/src/db/schema');
    const areas = apiAreaNames(repoRoot);
    for (const [file, owners] of Object.entries(SCHEMA_OWNERS)) {
      expect(existsSync(path.join(schemaDir, `${file}.ts`)), file).toBe(true);
      for (const owner of owners) expect(areas, file).toContain(owner);
    }
  });

  it('lists as exceptions only imports that are still there, so the list can only shrink', () => {
    for (const [file, paths] of Object.entries(API_BOUNDARY_EXCEPTIONS)) {
      const source = readFileSync(path.join(repoRoot, API_MODULES_DIR, file), 'utf8');
      for (const importPath of paths)
        expect(source, `${file}: ${importPath}`).toContain(`from '${importPath}'`);
    }
  });
});
