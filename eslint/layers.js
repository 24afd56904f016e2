// The layers of DESIGN.md as allow-lists: what each folder of src/ may import, by layer (relative
// imports, resolved) and by package. Anything not listed is refused, so a new dependency or a new
// arrow between layers is a decision someone writes down here, not an accident (issue 18).
import { dirname, relative, resolve, sep } from 'node:path';

/** Each layer: the layers it may reach with a relative import (`resources` is the repository's data folder), and the packages it may import. */
export const LAYERS = {
  shared: {
    why: 'src/shared runs everywhere (Node, Electron, the browser): only its own files and pure libraries.',
    layers: ['shared'],
    packages: ['zod', 'decimal.js', '@noble/hashes/*'],
  },
  core: {
    why: "core is plain Node: shared, Node built-ins, storage, the keychain, the spreadsheet writer, the trusted roots of the operating system for its requests, and the receipt printer's code pages and QR symbols; no UI, no Electron, no sandbox.",
    layers: ['core', 'shared'],
    packages: [
      'node:*',
      'better-sqlite3',
      '@napi-rs/keyring',
      'exceljs',
      'zod',
      'decimal.js',
      'system-ca',
      'iconv-lite',
      'qrcode',
    ],
  },
  sandbox: {
    why: 'the sandbox is the API v1 server of tests and demos: shared and Node only, never the client core.',
    layers: ['sandbox', 'shared'],
    packages: ['node:*', 'better-sqlite3', 'find-my-way', 'selfsigned', 'tsx/esm/api', 'zod', 'decimal.js', '@noble/hashes/*'],
  },
  main: {
    why: 'main starts core (and the embedded sandbox) and the window; it never imports the renderer.',
    layers: ['main', 'core', 'sandbox', 'shared'],
    packages: ['node:*', 'electron'],
  },
  preload: {
    why: 'preload exposes the RPC contract to the window and nothing else.',
    layers: ['preload', 'shared'],
    packages: ['electron'],
  },
  renderer: {
    why: 'the renderer knows only the RPC contract in shared, reference data in resources/ and its UI libraries; it runs in a browser.',
    layers: ['renderer', 'shared', 'resources'],
    packages: [
      'react',
      'react/*',
      'react-dom/client',
      'react-dom', // createPortal: the counter's printout beside the app's root
      '@tanstack/react-query',
      '@tanstack/react-virtual',
      'react-hook-form',
      '@hookform/resolvers',
      '@hookform/resolvers/*',
      'qrcode',
      'recharts',
      'zod',
      'decimal.js',
    ],
  },
};

function packageAllowed(source, patterns) {
  return patterns.some((pattern) =>
    pattern.endsWith('/*')
      ? source.startsWith(pattern.slice(0, -1))
      : source === pattern || (pattern === 'node:*' && source.startsWith('node:')),
  );
}

/** The layer a file of src/ belongs to, or null outside src/. */
function layerOf(file, srcRoot) {
  const path = relative(srcRoot, file);
  if (path.startsWith('..') || path === '') return null;
  return path.split(sep)[0];
}

const allowedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer of src/ imports only what its allow-list names (eslint/layers.js).' },
    schema: [],
    messages: {
      layer: "{{from}} may not import {{to}} ('{{source}}'): {{why}}",
      outside: "{{from}} may not import outside src/ ('{{source}}'): {{why}}",
      package: "{{from}} may not import the package '{{source}}' (not in its allow-list in eslint/layers.js): {{why}}",
      unknownLayer: 'src/{{from}} is not a layer of eslint/layers.js: add it with its allow-list.',
    },
  },
  create(context) {
    const srcRoot = resolve(context.cwd, 'src');
    const file = context.filename;
    const from = layerOf(file, srcRoot);
    if (from === null) return {};
    const layer = LAYERS[from];
    if (!layer) {
      return { Program: (node) => context.report({ node, messageId: 'unknownLayer', data: { from } }) };
    }
    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source.startsWith('.')) {
        const target = resolve(dirname(file), source);
        const to =
          layerOf(target, srcRoot) ??
          (relative(resolve(srcRoot, '..', 'resources'), target).startsWith('..') ? null : 'resources');
        if (to === null) context.report({ node, messageId: 'outside', data: { from, source, why: layer.why } });
        else if (!layer.layers.includes(to))
          context.report({ node, messageId: 'layer', data: { from, to, source, why: layer.why } });
        return;
      }
      if (!packageAllowed(source, layer.packages))
        context.report({ node, messageId: 'package', data: { from, source, why: layer.why } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node, node.moduleReference.expression.value),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') {
          check(node, node.arguments[0].value);
        }
      },
    };
  },
};

export const layersPlugin = { rules: { 'allowed-imports': allowedImports } };

/** Node's globals, which a browser page does not have: the renderer must not lean on them (types of some packages declare them). */
export const NODE_GLOBALS = [
  'process',
  'Buffer',
  'require',
  'module',
  'exports',
  '__dirname',
  '__filename',
  'global',
  'setImmediate',
  'clearImmediate',
];
