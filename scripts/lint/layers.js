import path from 'node:path';

/**
 * "Every layer one direction" (issue 41): a file may import its own layer or a lower one, never a
 * higher one. Listed bottom to top; an entry ending in `/` is a folder, any other a file (without its
 * extension). Files in no layer (tests, fixtures) are not checked.
 */
export const API_LAYERS = {
  root: 'apps/api/src',
  aliases: {},
  layers: [
    { name: 'lib', paths: ['lib/', 'storage/', 'types/', 'config', 'logger'] },
    { name: 'db', paths: ['db/'] },
    { name: 'mail/jobs/web', paths: ['mail/', 'jobs/', 'web/', 'captcha/', 'read-models/'] },
    { name: 'plugins', paths: ['plugins/'] },
    { name: 'modules', paths: ['modules/'] },
    { name: 'app', paths: ['app', 'server', 'cli/', 'test/', 'faults/'] },
  ],
};

/** The web app: lib at the bottom, shared components on it, features above, the app shell on top. */
export const WEB_LAYERS = {
  root: 'apps/web/src',
  aliases: { '@/': '' },
  layers: [
    { name: 'lib', paths: ['lib/', 'locales/'] },
    { name: 'components', paths: ['components/'] },
    { name: 'features', paths: ['features/'] },
    { name: 'app', paths: ['app/', 'main', 'entry-server', 'test/'] },
  ],
};

const EXTENSION = /\.(?:[cm]?[jt]sx?|json)$/;

export function layerOf(layers, relativePath) {
  const bare = relativePath.split(path.sep).join('/').replace(EXTENSION, '');
  return layers.findIndex((layer) =>
    layer.paths.some((entry) => (entry.endsWith('/') ? bare.startsWith(entry) : bare === entry)),
  );
}

/** @type {import('eslint').Rule.RuleModule} */
const layerOrder = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports (static, dynamic, re-exports, import types) go down the layers only.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          aliases: { type: 'object' },
          layers: { type: 'array' },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      up: '{{fromLayer}} must not import {{target}} ({{toLayer}}): layers run {{order}}, bottom first. Move the shared code down, or pass it in from above.',
    },
  },
  create(context) {
    const { root: relativeRoot, aliases = {}, layers } = context.options[0];
    const root = path.resolve(context.cwd, relativeRoot);
    const file = context.filename;
    const from = layerOf(layers, path.relative(root, file));
    if (from < 0) return {};
    const order = layers.map((layer) => layer.name).join(' → ');

    function targetOf(specifier) {
      if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
      for (const [prefix, folder] of Object.entries(aliases)) {
        if (specifier.startsWith(prefix)) return path.join(root, folder, specifier.slice(prefix.length));
      }
      return null; // a package
    }

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = targetOf(specifier.replace(/\?.*$/, ''));
      if (!target) return;
      const relative = path.relative(root, target);
      if (relative.startsWith('..')) return;
      const to = layerOf(layers, relative);
      if (to > from) {
        context.report({
          node,
          messageId: 'up',
          data: { fromLayer: layers[from].name, target: specifier, toLayer: layers[to].name, order },
        });
      }
    }

    const literal = (node) =>
      node?.type === 'Literal'
        ? node.value
        : node?.type === 'TemplateLiteral' && node.expressions.length === 0
          ? node.quasis[0].value.cooked
          : undefined;

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
      // `typeof import('../x')` in a type
      TSImportType: (node) => check(node, literal(node.argument?.literal ?? node.argument)),
      // `import x = require('../x')`
      TSExternalModuleReference: (node) => check(node, literal(node.expression)),
    };
  },
};

const layersPlugin = { meta: { name: 'safqa-layers' }, rules: { order: layerOrder } };

const TEST_FILES = ['**/*.test.*', '**/*.fault.*'];

/** @returns {import('eslint').Linter.Config[]} */
export function layerConfigs() {
  return [API_LAYERS, WEB_LAYERS].map((spec) => ({
    name: `safqa/layers/${spec.root}`,
    files: [`${spec.root}/**/*.{ts,tsx,mts,cts,js,mjs}`],
    ignores: TEST_FILES,
    plugins: { layers: layersPlugin },
    rules: { 'layers/order': ['error', spec] },
  }));
}
