import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { API_LAYERS, WEB_LAYERS, layerConfigs, layerOf } from './layers.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    ...layerConfigs(),
  ],
});

/** The layer rule's messages for `code` written in the (imaginary) file `file` of the repository. */
async function upImports(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('layer order (scripts/lint/layers.js)', () => {
  it('puts every api and web folder in a layer', () => {
    expect(layerOf(API_LAYERS.layers, 'lib/paged.ts')).toBe(0);
    expect(layerOf(API_LAYERS.layers, 'config.ts')).toBe(0);
    expect(layerOf(API_LAYERS.layers, 'db/client.ts')).toBe(1);
    expect(layerOf(API_LAYERS.layers, 'plugins/web-static.ts')).toBe(3);
    expect(layerOf(API_LAYERS.layers, 'modules/dev-mail/routes.ts')).toBe(4);
    expect(layerOf(API_LAYERS.layers, 'app.ts')).toBe(5);
    expect(layerOf(WEB_LAYERS.layers, 'features/faq/faq-page.tsx')).toBe(2);
  });

  it.each([
    ['apps/api/src/lib/x.ts', "import { db } from '../db/client';"],
    ['apps/api/src/lib/x.ts', "import type { Database } from '../db/client';"],
    ['apps/api/src/lib/x.ts', "export * from '../db/client';"],
    ['apps/api/src/lib/x.ts', "export async function f() { return import('../plugins/errors'); }"],
    ['apps/api/src/lib/x.ts', 'export async function f() { return import(`../plugins/errors`); }'],
    ['apps/api/src/lib/x.ts', "export type T = typeof import('../db/client');"],
    ['apps/api/src/db/x.ts', "import { sendMail } from '../mail/transport';"],
    ['apps/api/src/plugins/x.ts', "import { devMailEnabled } from '../modules/dev-mail/routes';"],
    ['apps/api/src/modules/faqs/x.ts', "import { buildApp } from '../../app';"],
    ['apps/api/src/config.ts', "import type { DbLimits } from './db/connection-pools';"],
    ['apps/web/src/lib/x.ts', "import { App } from '../app/app';"],
    ['apps/web/src/components/x.tsx', "import { FaqPage } from '@/features/faq/faq-page';"],
    ['apps/web/src/features/faq/x.tsx', "import { App } from '@/app/app';"],
  ])('refuses, in %s: %s', async (file, code) => {
    expect(await upImports(file, code)).toEqual(['layers/order']);
  });

  it.each([
    ['apps/api/src/db/x.ts', "import { AppError } from '../lib/app-error';"],
    ['apps/api/src/plugins/x.ts', "import { outbox } from '../mail/outbox-repository';"],
    [
      'apps/api/src/modules/faqs/x.ts',
      "import { AppError } from '../../lib/app-error';\nimport x from 'fastify';",
    ],
    [
      'apps/api/src/modules/faqs/x.ts',
      "export async function f() { return import('../../plugins/errors'); }",
    ],
    ['apps/api/src/app.ts', "import faqs from './modules/faqs/routes';"],
    ['apps/api/src/lib/x.test.ts', "import { buildTestApp } from '../test/test-app';"],
    ['apps/web/src/features/faq/x.tsx', "import { Card } from '@/components/ui/card';"],
    ['apps/web/src/app/x.tsx', "import { FaqPage } from '@/features/faq/faq-page';"],
  ])('allows, in %s: %s', async (file, code) => {
    expect(await upImports(file, code)).toEqual([]);
  });
});
