import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The variables of the env schema in apps/api/src/config.ts (`  NAME: z.…` inside `envSchema`). */
function configVariables(): string[] {
  const source = read('apps/api/src/config.ts');
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  expect(start, 'envSchema in apps/api/src/config.ts').toBeGreaterThan(-1);
  return [...source.slice(start, end).matchAll(/^\s+([A-Z][A-Z0-9_]*):\s/gm)].map((m) => m[1]!);
}

describe('configuration documentation', () => {
  const variables = configVariables();

  it('finds the variables of API.md "Configuration" in config.ts', () => {
    for (const name of ['PORT', 'DATA_DIR', 'DATABASE_URL', 'PUBLIC_URL', 'NODE_ENV', 'JWT_SECRET']) {
      expect(variables).toContain(name);
    }
    for (const name of [
      'MAIL_TRANSPORT',
      'CAPTCHA_PROVIDER',
      'ADMIN_EMAIL',
      'RATE_LIMIT_SCALE',
      'SEED_DEMO',
    ]) {
      expect(variables).toContain(name);
    }
  });

  it('documents every variable in the README configuration table', () => {
    const readme = read('README.md');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const documented = new Set(
      [...table.matchAll(/^\|[^|]*\|/gm)]
        .flatMap((m) => m[0].match(/`([A-Z][A-Z0-9_]*)`/g) ?? [])
        .map((v) => v.slice(1, -1)),
    );
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists every variable in .env.example', () => {
    const example = read('.env.example');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    expect(variables.filter((name) => !listed.has(name))).toEqual([]);
  });
});
