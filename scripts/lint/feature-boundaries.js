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
