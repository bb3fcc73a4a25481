import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every plugin and module declares, in its fastify-plugin `dependencies`, the plugins whose decorators
 * it uses (directly, or through a plugin it declares): load order in app.ts must not be what makes it
 * work. A static check, so that a decorator used only inside a handler or hook (which loading alone
 * would not touch) counts too. It reads each `fp(plugin, { name, dependencies })` under plugins/ and
 * modules/, the decorators each one provides (`app.decorate('x')`, `decorateRequest`, `decorateReply`),
 * and the decorators each one reads (`app.x`, `request.server.x`, `request.x`, `reply.x`) in its own
 * file and the files it imports, stopping at another plugin's file.
 */
const src = import.meta.dirname;

interface PluginEntry {
  file: string;
  name: string;
  dependencies: string[];
  encapsulated: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.(test|fault)\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

function stringOf(node: ts.Node | undefined): string | undefined {
  return node && ts.isStringLiteralLike(node) ? node.text : undefined;
}

/** `fp(plugin, { name: 'x', dependencies: ['a', 'b'], encapsulate?: true })` calls in a file. */
function pluginEntries(file: string): PluginEntry[] {
  const entries: PluginEntry[] = [];
  walk(parse(file), (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'fp')
      return;
    const options = node.arguments[1];
    if (!options || !ts.isObjectLiteralExpression(options)) return;
    const entry: PluginEntry = { file, name: '', dependencies: [], encapsulated: false };
    for (const property of options.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
      if (property.name.text === 'name') entry.name = stringOf(property.initializer) ?? '';
      if (property.name.text === 'encapsulate')
        entry.encapsulated = property.initializer.kind === ts.SyntaxKind.TrueKeyword;
      if (property.name.text === 'dependencies' && ts.isArrayLiteralExpression(property.initializer)) {
        entry.dependencies = property.initializer.elements.map((element) => stringOf(element) ?? '?');
      }
    }
    entries.push(entry);
  });
  return entries;
}

/** Files reached from `file` through relative imports (static or dynamic), not entering `stopAt`. */
function reachedFiles(file: string, stopAt: Set<string>): Set<string> {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length) {
    const current = queue.pop()!;
    walk(parse(current), (node) => {
      let specifier: string | undefined;
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
        specifier = stringOf(node.moduleSpecifier);
      } else if (ts.isExportDeclaration(node) && !node.isTypeOnly) {
        specifier = stringOf(node.moduleSpecifier);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        specifier = stringOf(node.arguments[0]);
      }
      if (!specifier?.startsWith('.')) return;
      const target = path.resolve(path.dirname(current), specifier.replace(/\.js$/, '')) + '.ts';
      if (!target.startsWith(src) || seen.has(target) || stopAt.has(target)) return;
      try {
        parse(target);
      } catch {
        return; // a folder index or a non-TypeScript file: nothing of ours to read
      }
      seen.add(target);
      queue.push(target);
    });
  }
  return seen;
}

type Kind = 'instance' | 'request' | 'reply';
const key = (kind: Kind, name: string) => `${kind}:${name}`;

/** Decorators a file adds: `x.decorate('name', ...)`, `decorateRequest`, `decorateReply`. */
function decoratorsAdded(file: string): string[] {
  const added: string[] = [];
  const kinds: Record<string, Kind> = {
    decorate: 'instance',
    decorateRequest: 'request',
    decorateReply: 'reply',
  };
  walk(parse(file), (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const kind = kinds[node.expression.name.text];
    const name = stringOf(node.arguments[0]);
    if (kind && name) added.push(key(kind, name));
  });
  return added;
}

/** Reads of decorators in a file, by the receivers the code base uses for them. */
function decoratorsRead(file: string, known: Set<string>): string[] {
  const read: string[] = [];
  walk(parse(file), (node) => {
    if (!ts.isPropertyAccessExpression(node)) return;
    const receiver = node.expression.getText();
    const kind: Kind | undefined = /^(app|fastify|instance|request\.server|req\.server)$/.test(receiver)
      ? 'instance'
      : /^(request|req)$/.test(receiver)
        ? 'request'
        : receiver === 'reply'
          ? 'reply'
          : undefined;
    if (kind && known.has(key(kind, node.name.text))) read.push(key(kind, node.name.text));
  });
  return read;
}

const entryFiles = [...sourceFiles(path.join(src, 'plugins')), ...sourceFiles(path.join(src, 'modules'))];
const plugins = entryFiles.flatMap(pluginEntries);
const pluginFiles = new Set(plugins.map((plugin) => plugin.file));
const byName = new Map(plugins.map((plugin) => [plugin.name, plugin]));

const providers = new Map<string, string>();
for (const plugin of plugins) {
  for (const decorator of decoratorsAdded(plugin.file)) providers.set(decorator, plugin.name);
}

/** The plugin's declared dependencies and theirs, all the way down. */
function declaredClosure(name: string, seen = new Set<string>()): Set<string> {
  for (const dependency of byName.get(name)?.dependencies ?? []) {
    if (seen.has(dependency)) continue;
    seen.add(dependency);
    declaredClosure(dependency, seen);
  }
  return seen;
}

/**
 * Decorators read only per request (in a handler or hook) from a plugin that app.ts registers later,
 * so they cannot be declared: fastify-plugin refuses a dependency not yet registered. Plugin name →
 * `kind:decorator` read late. The test fails on an entry no longer needed, so the list stays true.
 */
const LATE_BOUND: Record<string, string[]> = {
  // The body watchdog runs first of all, before the errors plugin decorates request.lang (falls back to ar).
  'body-timeout': ['request:lang'],
  // Refusals are counted by the dependencies plugin, which needs the error handler first.
  errors: ['instance:dependencies'],
  // A session's current role, checked per request; session liveness takes app.sseHub, after auth.
  auth: ['instance:sessionLiveness'],
  // Page figures exist only once web-static, registered last, has a build (read with `?.`).
  metrics: ['instance:pageRenders', 'instance:pageWarmer'],
  health: ['instance:pageWarmer'],
  // The data room and deals register after the areas that ask them who may read a file.
  opportunities: ['instance:dataRoom'],
  uploads: ['instance:dataRoom', 'instance:deals'],
  // The auth area takes app.users, so it registers after users (see modules/users/routes.ts).
  users: ['instance:auth'],
};

/** Decorators a plugin reads whose provider it does not declare, as `decorator (provider)`. */
function undeclaredUses(plugin: PluginEntry): string[] {
  const declared = declaredClosure(plugin.name);
  const stopAt = new Set([...pluginFiles].filter((file) => file !== plugin.file));
  const known = new Set(providers.keys());
  const missing = new Set<string>();
  for (const file of reachedFiles(plugin.file, stopAt)) {
    for (const decorator of decoratorsRead(file, known)) {
      const provider = providers.get(decorator)!;
      if (provider === plugin.name || declared.has(provider)) continue;
      if (LATE_BOUND[plugin.name]?.includes(decorator)) continue;
      missing.add(`${decorator} (${provider})`);
    }
  }
  return [...missing].sort();
}

describe('plugin dependencies', () => {
  it('finds the plugins app.ts registers and the decorators they provide', () => {
    // Guards the check itself: if parsing broke, every list would look complete.
    expect(plugins.length).toBeGreaterThan(50);
    expect(providers.get('instance:db')).toBe('database');
    expect(providers.get('instance:requireUser')).toBe('auth');
    expect(providers.get('request:user')).toBe('auth');
    expect(providers.get('instance:users')).toBe('users');
    expect(providers.get('instance:sseHub')).toBe('sse-hub');
  });

  it('every plugin has a unique name, and every dependency it names exists', () => {
    const names = plugins.map((plugin) => plugin.name);
    expect(names.filter((name, index) => !name || names.indexOf(name) !== index)).toEqual([]);
    const unknown = plugins.flatMap((plugin) =>
      plugin.dependencies.filter((dependency) => !byName.has(dependency)).map((d) => `${plugin.name} → ${d}`),
    );
    expect(unknown).toEqual([]);
  });

  it('every plugin declares the plugins whose decorators it uses', () => {
    const gaps = Object.fromEntries(
      plugins
        .map((plugin) => [plugin.name, undeclaredUses(plugin)] as const)
        .filter(([, missing]) => missing.length > 0),
    );
    expect(gaps).toEqual({});
  });

  it('every late-bound read is still made, and its provider really registers later in app.ts', () => {
    const appSource = readFileSync(path.join(src, 'app.ts'), 'utf8');
    const order = [...appSource.matchAll(/app\.register\((\w+)/g)].map((match) => match[1]);
    const importedAs = new Map<string, string>();
    for (const match of appSource.matchAll(
      /import (\w+)(?:, \{[^}]*\})? from '\.\/((?:plugins|modules)\/[^']+)'/g,
    )) {
      const plugin = plugins.find((entry) => entry.file === path.join(src, `${match[2]}.ts`));
      if (plugin) importedAs.set(plugin.name, match[1]!);
    }
    const position = (name: string) => order.indexOf(importedAs.get(name) ?? '?');
    const wrong: string[] = [];
    for (const [name, decorators] of Object.entries(LATE_BOUND)) {
      const plugin = byName.get(name)!;
      const stopAt = new Set([...pluginFiles].filter((file) => file !== plugin.file));
      const read = new Set(
        [...reachedFiles(plugin.file, stopAt)].flatMap((file) =>
          decoratorsRead(file, new Set(providers.keys())),
        ),
      );
      for (const decorator of decorators) {
        const provider = providers.get(decorator)!;
        if (!read.has(decorator)) wrong.push(`${name}: ${decorator} is no longer read`);
        else if (position(provider) < position(name))
          wrong.push(`${name}: ${provider} registers first, declare it`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every plugin or module app.ts registers is a named fastify-plugin', () => {
    const appSource = readFileSync(path.join(src, 'app.ts'), 'utf8');
    const registered = [...appSource.matchAll(/from '\.\/((?:plugins|modules)\/[^']+)'/g)]
      .map((match) => path.join(src, `${match[1]}.ts`))
      .filter(
        (file) => /app\.register\(/.test(appSource) && file !== path.join(src, 'plugins/zod-validation.ts'),
      );
    expect(
      registered.filter((file) => !pluginFiles.has(file)).map((file) => path.relative(src, file)),
    ).toEqual([]);
  });
});
