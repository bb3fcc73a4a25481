import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * "A web feature does not import another feature" (DESIGN.md): one `no-restricted-imports` entry per
 * feature folder and per folder depth, so that relative paths (`../other/...`, `../../features/other`)
 * are caught as well as the `@/features/other` alias. Shared code belongs in `src/components` or `src/lib`.
 */
export const FEATURES_DIR = 'apps/web/src/features';
const MAX_DEPTH = 8;
const SOURCE = '*.{js,jsx,ts,tsx,mjs,cjs,mts,cts}';

function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern matching imports that leave `feature` from a file `depth` folders below `features/`
 * (depth 1: `features/<feature>/file.ts`, depth 2: `features/<feature>/components/file.tsx`, ...).
 */
export function crossFeatureImportRegex(feature, depth) {
  const other = `(?!${escapeRegex(feature)}(?:/|$))`;
  const up = (n) => `(?:\\.\\./){${n}}`;
  const alias = `@/features/${other}`;
  // Exactly `depth` levels up lands in features/: the next segment names the feature.
  const sibling = `(?:\\./)?${up(depth)}(?!\\.\\.(?:/|$))${other}[^/]`;
  // Further up, any path that comes back down through a features/ folder.
  const viaFeatures = `(?:\\./)?(?:\\.\\./){${depth + 1},}(?:[^/]+/)*features/${other}`;
  return `^(?:${alias}|${sibling}|${viaFeatures})`;
}

export function featureNames(root, featuresDir = FEATURES_DIR) {
  const dir = path.join(root, featuresDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Flat-config entries for every feature folder that exists under `root/featuresDir`.
 * @returns {import('eslint').Linter.Config[]}
 */
export function featureBoundaryConfigs(root, featuresDir = FEATURES_DIR) {
  return featureNames(root, featuresDir).flatMap((feature) =>
    Array.from({ length: MAX_DEPTH }, (_, index) => {
      const depth = index + 1;
      return {
        name: `safqa/feature-boundaries/${feature}/${depth}`,
        files: [`${featuresDir}/${feature}/${'*/'.repeat(depth - 1)}${SOURCE}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  regex: crossFeatureImportRegex(feature, depth),
                  message: `features/${feature} must not import another feature; move shared code to src/components or src/lib.`,
                },
              ],
            },
          ],
        },
      };
    }),
  );
}

/**
 * "An api module reaches another area through that area's service, never its tables" (architecture.md):
 * a file of `modules/<area>/` may not import another area's repository, nor a schema file of
 * `db/schema/` that its area does not own. Aggregates that read many areas' tables belong in a named
 * read model (`src/read-models/`), outside the modules. Tests may seed any table and are not checked.
 */
export const API_MODULES_DIR = 'apps/api/src/modules';

/** Which areas own the tables of each `db/schema/` file; a file missing here is nobody's in modules. */
export const SCHEMA_OWNERS = {
  alerts: ['saved-searches', 'notifications'],
  audit: ['audit'],
  auth: ['auth'],
  blocks: ['blocks'],
  captcha: ['captcha'],
  chat: ['chat'],
  content: ['faqs', 'contact', 'analytics', 'error-logs'],
  'data-room': ['data-room'],
  deals: ['deals'],
  'known-devices': ['auth'],
  lookups: ['lookups'],
  offers: ['offers'],
  opportunities: ['opportunities'],
  reports: ['reports'],
  uploads: ['uploads'],
  users: ['users'],
  verifications: ['verifications'],
};

/**
 * Imports allowed against the rule while they wait to be replaced by a call of the owning area's
 * service: none since issue 21 moved the last ones. Keys are files under modules/, values the import
 * paths they may still use; scripts/lint/feature-boundaries.test.ts fails on an entry that no longer
 * matches an import, so the list cannot keep a stale one.
 */
export const API_BOUNDARY_EXCEPTIONS = {};

const TS_SOURCE = '*.{ts,mts,cts,js,mjs}';
const TEST_FILES = ['**/*.test.*', '**/*.fault.*'];

/** Schema files `area` may import: the ones it owns, plus its listed exceptions (exact paths). */
function schemaImportRegex(area, exceptions) {
  const owned = Object.entries(SCHEMA_OWNERS)
    .filter(([, owners]) => owners.includes(area))
    .map(([file]) => escapeRegex(file));
  const allowed = owned.length ? `(?!(?:${owned.join('|')})(?:\\.[cm]?[jt]s)?$)` : '';
  const excepted = exceptions.length ? `(?!(?:${exceptions.map(escapeRegex).join('|')})$)` : '';
  return `^${excepted}(?:\\./)?(?:\\.\\./)+(?:[^/]+/)*db/schema/${allowed}`;
}

/**
 * Another area's repository (`repository.ts`, `*-repository.ts`) from a file `depth` folders below
 * modules/ (depth 1: `modules/<area>/file.ts`).
 */
export function crossAreaRepositoryRegex(area, depth) {
  const other = `(?!${escapeRegex(area)}/)`;
  const file = `(?:[^/]+/)*(?:[^/]+-)?repository(?:\\.[cm]?[jt]s)?$`;
  const sibling = `(?:\\./)?(?:\\.\\./){${depth}}${other}(?!\\.\\.(?:/|$))[^/]+/${file}`;
  const viaModules = `(?:\\./)?(?:\\.\\./){${depth + 1},}(?:[^/]+/)*modules/${other}[^/]+/${file}`;
  return `^(?:${sibling}|${viaModules})`;
}

export function apiAreaNames(root, modulesDir = API_MODULES_DIR) {
  return featureNames(root, modulesDir);
}

/**
 * Flat-config entries for every area folder under `root/modulesDir`.
 * @param {string} root
 * @param {string} [modulesDir]
 * @param {Record<string, string[]>} [exceptions]
 * @returns {import('eslint').Linter.Config[]}
 */
export function apiModuleBoundaryConfigs(
  root,
  modulesDir = API_MODULES_DIR,
  exceptions = API_BOUNDARY_EXCEPTIONS,
) {
  return apiAreaNames(root, modulesDir).flatMap((area) =>
    Array.from({ length: MAX_DEPTH }, (_, index) => {
      const depth = index + 1;
      const files = `${modulesDir}/${area}/${'*/'.repeat(depth - 1)}${TS_SOURCE}`;
      const perFile = Object.entries(exceptions).filter(
        ([file]) => file.startsWith(`${area}/`) && file.split('/').length === depth + 1,
      );
      const rule = (extra) => [
        'error',
        {
          patterns: [
            {
              regex: schemaImportRegex(area, extra),
              message: `modules/${area} must not import another area's tables; call the owning area's service (or a read model).`,
            },
            {
              regex: crossAreaRepositoryRegex(area, depth),
              message: `modules/${area} must not import another area's repository; call its service.`,
            },
          ],
        },
      ];
      return [
        {
          name: `safqa/api-boundaries/${area}/${depth}`,
          files: [files],
          ignores: TEST_FILES,
          rules: { 'no-restricted-imports': rule([]) },
        },
        ...perFile.map(([file, paths]) => ({
          name: `safqa/api-boundaries/${file}`,
          files: [`${modulesDir}/${file}`],
          rules: { 'no-restricted-imports': rule(paths) },
        })),
      ];
    }).flat(),
  );
}
