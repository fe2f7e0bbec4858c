// @ts-check
/**
 * The import boundaries of docs/decisions/013-import-boundaries-and-aliases.md, as ESLint flat
 * config blocks. eslint.config.js puts them last; boundaries.test.ts lints a fixture of deliberate
 * violations with only these blocks, so a rule that stops working fails a test.
 *
 * Each restriction is one regular expression over the import source (or, for react-redux, a list
 * of named imports). From the same list come both `no-restricted-imports` (static `import` and
 * `export … from`) and `no-restricted-syntax` selectors for what that rule does not see: `import()`
 * with a literal source and TypeScript's `typeof import('…')`. Flat config replaces a rule's
 * options rather than merging them, so every block below carries the complete list for the files
 * it covers, and the most specific block comes last.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * @typedef {object} Restriction
 * @property {string} message What to do instead. Unique: the test recognises a rule by it.
 * @property {string} [regex] Matched against the import source, with the `u` flag.
 * @property {{ name: string, importNames: string[] }} [names] Named imports of one module.
 */

/** For a regex with the `u` flag, which rejects needless escapes such as `\-`. */
const escapeRegex = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Every Node built-in, bare (`fs`, `fs/promises`) or prefixed (`node:crypto`, `node:test`). */
const NODE_BUILTIN = `^(?:node:.+|${builtinModules
  .filter((name) => !name.startsWith('node:'))
  .map(escapeRegex)
  .join('|')})$`;
const REACT = '^react(?:$|[-/])';
const FASTIFY = '^(?:fastify(?:$|[-/])|@fastify/)';
/** A relative or absolute path through a client/ or server/ folder. */
const pathThrough = (/** @type {string} */ folders) => `^[./].*/(?:${folders})/`;

/** The restrictions, by name. Messages say what to do instead. */
export const RESTRICTIONS = {
  sharedNoSides: {
    regex: `^#(?:client|server)/|${pathThrough('client|server')}`,
    message: 'src/shared imports nothing from the client or the server; they import it.',
  },
  sharedNoReact: { regex: REACT, message: 'src/shared is pure: no React.' },
  sharedNoFastify: { regex: FASTIFY, message: 'src/shared is pure: no Fastify.' },
  sharedNoNode: {
    regex: NODE_BUILTIN,
    message: 'src/shared is pure: no Node built-ins, it runs in the browser too.',
  },
  clientNoServer: {
    regex: `^#server/|${pathThrough('server')}`,
    message: 'The client never imports server code; what both need belongs in src/shared.',
  },
  clientNoNode: {
    regex: NODE_BUILTIN,
    message: 'The client runs in the browser: no Node built-ins.',
  },
  clientNoFastify: { regex: FASTIFY, message: 'The client never imports Fastify.' },
  clientRawRedux: {
    names: { name: 'react-redux', importNames: ['useSelector', 'useDispatch'] },
    message: 'Use useAppSelector and useAppDispatch from #client/app/hooks.ts.',
  },
  zodThroughShared: {
    regex: '^zod(?:$|/)',
    message:
      "Import z from #shared/zod.ts: it turns off Zod's eval probe, which the pages' Content-Security-Policy refuses.",
  },
  storefrontNoBackOffice: {
    regex: `^#client/admin/|${pathThrough('admin')}`,
    message:
      'The storefront never imports the back office: it is an app of its own, kept out of every shopper’s load (docs/decisions/044).',
  },
  backOfficeOwnCode: {
    regex: '^#client/(?!admin/|api/|components/ui/)',
    message:
      'The back office imports only its own code (#client/admin/), the API client both apps use (#client/api/), #client/components/ui/ and #shared/: never the storefront’s (docs/decisions/044).',
  },
  bothAppsOwnCode: {
    regex: '^#client/(?!api/)',
    message:
      'The API client both apps use (#client/api/) imports neither app’s code: only its own and #shared/ (docs/decisions/054).',
  },
  serverNoClient: {
    regex: `^#client/|${pathThrough('client')}`,
    message: 'The server never imports client code; what both need belongs in src/shared.',
  },
  serverNoReact: {
    regex: REACT,
    message: 'The server never imports React: pages are prerendered by the client build.',
  },
  platformNoModules: {
    regex: '^#server/modules/',
    message: 'platform/ never imports a module: modules use the platform, not the other way.',
  },
  platformNoSite: { regex: '^#server/site/', message: 'platform/ never imports site/.' },
  siteNoModules: {
    regex: '^#server/modules/',
    message: 'site/ serves the built site and never imports a module.',
  },
  routesNoDatabase: {
    regex: '^(?:kysely|better-sqlite3|pg)(?:$|/)|^#server/platform/database/|-repository\\.ts$',
    message: "Routes call their module's service; only repositories touch the database.",
  },
  onlyTestsImportTestHelpers: {
    regex: '/test/|/test-support\\.ts$',
    message: 'Only tests import test helpers (test/ folders, test-support.ts).',
  },
  seedCatalogueNotForTheShop: {
    regex: '(?:^#shared/|/)spec-catalogue\\.ts$',
    message:
      'The seed catalogue is data the catalogue module seeds from and tests use: read the catalogue as it is now (the database, through the catalogue API or reader) instead (docs/decisions/053).',
  },
  compositionOnlyModuleEntries: {
    regex: '^#server/modules/([^/]+)/(?!\\1-module\\.ts$)',
    message:
      "app.ts composes modules through each module's entry file (<name>-module.ts) only: its repositories, services and templates are its own (docs/decisions/066).",
  },
  noParentPaths: {
    regex: '(?:^|/)\\.\\.(?:/|$)',
    message: 'Import through #client/, #shared/ or #server/ instead of a ../ path.',
  },
};

/** What a feature may import from another: its slice, its selectors and its public hooks. */
export const FEATURE_PUBLIC_FILES = ['*-slice.ts', '*-selectors.ts', 'use-*.ts'];
/** FEATURE_PUBLIC_FILES as one regex alternation; `*` stays within the file name. */
const publicFiles = FEATURE_PUBLIC_FILES.map((glob) =>
  escapeRegex(glob).replaceAll('\\*', '[^/]+'),
).join('|');

/**
 * A feature reaches another only through the files of FEATURE_PUBLIC_FILES at the top of that
 * feature's folder; composing components of several features happens in app/.
 * @param {string} feature
 * @returns {Restriction}
 */
export function crossFeature(feature) {
  return {
    regex: `^#client/features/(?!${escapeRegex(feature)}/)[^/]+/(?!(?:${publicFiles})$)`,
    message:
      'A feature reaches another only through its slice (*-slice.ts), selectors (*-selectors.ts) and hooks (use-*.ts at the top of its folder); compose components in app/.',
  };
}

/**
 * A module reaches another module `<b>` only through `#server/modules/<b>/<b>-service.ts` (its
 * service and types) or `<b>-module.ts` (its registration, docs/decisions/066).
 * @param {string} module
 * @returns {Restriction}
 */
export function crossModule(module) {
  return {
    regex: `^#server/modules/(?!${escapeRegex(module)}/)([^/]+)/(?!\\1-(?:service|module)\\.ts$)`,
    message:
      "A module reaches another only through that module's <name>-service.ts or <name>-module.ts.",
  };
}

/**
 * `no-restricted-imports` and `no-restricted-syntax` for exactly these restrictions.
 * @param {Restriction[]} restrictions
 * @returns {import('eslint').Linter.RulesRecord}
 */
export function restrictionRules(restrictions) {
  if (restrictions.length === 0)
    return { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' };
  const patterns = restrictions.flatMap(({ regex, message }) =>
    regex === undefined ? [] : [{ regex, message, caseSensitive: true }],
  );
  const paths = restrictions.flatMap(({ names, message }) =>
    names === undefined ? [] : [{ ...names, message }],
  );
  return {
    'no-restricted-imports': ['error', { paths, patterns }],
    'no-restricted-syntax': ['error', ...restrictions.flatMap(syntaxRestrictions)],
  };
}

/**
 * Selectors that catch what `no-restricted-imports` does not: `import('…')` (also with a template
 * literal without substitutions) and `typeof import('…')` for a regex; for named imports, the
 * names taken from `await import('…')` or in `import('…').then(…)`.
 * @param {Restriction} restriction
 * @returns {{ selector: string, message: string }[]}
 */
function syntaxRestrictions({ regex, names, message }) {
  /** @param {string[]} selectors */
  const withMessage = (selectors) => selectors.map((selector) => ({ selector, message }));
  if (regex !== undefined) {
    // esquery ends a regex at the first unescaped slash.
    const re = `/${regex.replace(/(?<!\\)\//g, '\\/')}/u`;
    return withMessage([
      `ImportExpression > Literal.source[value=${re}]`,
      `ImportExpression > TemplateLiteral.source[expressions.length=0] > TemplateElement[value.cooked=${re}]`,
      `TSImportType > Literal.source[value=${re}]`,
    ]);
  }
  if (names === undefined) return [];
  /** @param {string} path where the ImportExpression is, from the matched node */
  const importOf = (path) =>
    `[${path}.type="ImportExpression"][${path}.source.value=${JSON.stringify(names.name)}]`;
  const named = `/^(?:${names.importNames.map(escapeRegex).join('|')})$/u`;
  return withMessage([
    // const { useSelector } = await import('react-redux')
    `VariableDeclarator${importOf('init.argument')} > ObjectPattern.id > Property[key.name=${named}]`,
    // (await import('react-redux')).useSelector
    `MemberExpression${importOf('object.argument')}[property.name=${named}]`,
    // import('react-redux').then(({ useSelector }) => …)
    `CallExpression${importOf('callee.object')}[callee.property.name="then"] > :function > ObjectPattern.params > Property[key.name=${named}]`,
  ]);
}

/**
 * @param {string} name
 * @param {import('eslint').Linter.Config['files']} files
 * @param {Restriction[]} restrictions
 * @returns {import('eslint').Linter.Config}
 */
const block = (name, files, restrictions) => ({
  name: `boundaries/${name}`,
  files,
  rules: restrictionRules(restrictions),
});

const CODE = '**/*.{ts,tsx}';
/**
 * Tests, and the helpers that live beside them: a `test-support.ts` is for tests only (as
 * src/server/payments/test-support.ts, until issue #8 moves it).
 * @param {string} place
 */
const testsIn = (place) => [
  [place, '**/*.test.{ts,tsx}'],
  [place, '**/test-support.ts'],
];
const R = RESTRICTIONS;

/**
 * @param {{ feature?: string, test?: boolean, rawRedux?: boolean, backOffice?: boolean }} where
 * @returns {Restriction[]}
 */
function clientRestrictions({ feature, test = false, rawRedux = false, backOffice = false }) {
  return [
    // The back office's tests may use the client's test helpers (stubApi) too.
    backOffice
      ? test
        ? { ...R.backOfficeOwnCode, regex: '^#client/(?!admin/|api/|components/ui/|test/)' }
        : R.backOfficeOwnCode
      : R.storefrontNoBackOffice,
    R.clientNoServer,
    R.clientNoNode,
    R.clientNoFastify,
    R.zodThroughShared,
    ...(rawRedux ? [] : [R.clientRawRedux]),
    ...(feature === undefined ? [] : [crossFeature(feature)]),
    ...(test ? [] : [R.onlyTestsImportTestHelpers, R.seedCatalogueNotForTheShop]),
    R.noParentPaths,
  ];
}

/**
 * Server folders: the layout of issue #8. platform/, site/ and modules/ hold no ../ paths; the
 * folders they replace (routes/, auth/, plugins/ and the rest) still may until they are moved.
 * @param {{ layer?: 'platform' | 'site' | 'modules', module?: string, routes?: boolean, test?: boolean }} where
 * @returns {Restriction[]}
 */
function serverRestrictions({ layer, module, routes = false, test = false }) {
  return [
    R.serverNoClient,
    R.serverNoReact,
    ...(layer === 'platform' ? [R.platformNoModules, R.platformNoSite] : []),
    ...(layer === 'site' ? [R.siteNoModules] : []),
    ...(routes ? [R.routesNoDatabase] : []),
    ...(module === undefined ? [] : [crossModule(module)]),
    // Only the catalogue module seeds from it; tests may use it.
    ...(test || module === 'catalogue' || layer !== 'modules'
      ? []
      : [R.seedCatalogueNotForTheShop]),
    ...(test ? [] : [R.onlyTestsImportTestHelpers]),
    ...(layer === undefined ? [] : [R.noParentPaths]),
  ];
}

/**
 * The folders directly inside `dir` (relative to the repository), or none if it does not exist.
 * @param {string} dir
 */
export function folderNames(dir) {
  const absolute = path.resolve(import.meta.dirname, '..', dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The boundary blocks, for the features and server modules found on disk at lint time (a new one
 * is covered without editing this file); a test may name its own.
 * @param {{ features?: string[], modules?: string[] }} [folders]
 * @returns {import('eslint').Linter.Config[]}
 */
export function boundaryBlocks({
  features = folderNames('src/client/features'),
  modules = folderNames('src/server/modules'),
} = {}) {
  const shared = [
    R.sharedNoSides,
    R.sharedNoReact,
    R.sharedNoFastify,
    R.sharedNoNode,
    R.zodThroughShared,
  ];

  /** @type {import('eslint').Linter.Config[]} */
  const blocks = [
    block(
      'shared',
      [['src/shared/**', CODE]],
      [...shared, R.onlyTestsImportTestHelpers, R.seedCatalogueNotForTheShop, R.noParentPaths],
    ),
    block('shared tests', testsIn('src/shared/**'), [...shared, R.noParentPaths]),
    // The one file that imports Zod itself, to configure it for everyone (docs/decisions/020).
    block(
      'shared zod',
      ['src/shared/zod.ts'],
      [R.sharedNoSides, R.sharedNoReact, R.sharedNoFastify, R.sharedNoNode, R.noParentPaths],
    ),
  ];

  for (const feature of [undefined, ...features]) {
    const place = feature === undefined ? 'src/client/**' : `src/client/features/${feature}/**`;
    const name = feature === undefined ? 'client' : `client feature ${feature}`;
    blocks.push(
      block(name, [[place, CODE]], clientRestrictions({ feature })),
      block(`${name} tests`, testsIn(place), clientRestrictions({ feature, test: true })),
    );
  }
  // The back office (src/client/admin): an app of its own beside the storefront (ADR 044).
  blocks.push(
    block(
      'client back office',
      [['src/client/admin/**', CODE]],
      clientRestrictions({ backOffice: true }),
    ),
    block(
      'client back office tests',
      testsIn('src/client/admin/**'),
      clientRestrictions({ backOffice: true, test: true }),
    ),
  );
  // The API client both apps use (ADR 054): the storefront's rules, and neither app's code.
  blocks.push(
    block(
      'client api',
      [['src/client/api/**', CODE]],
      [...clientRestrictions({}), R.bothAppsOwnCode],
    ),
  );
  blocks.push(
    block('client hooks', ['src/client/app/hooks.ts'], clientRestrictions({ rawRedux: true })),
    block(
      'client test helpers',
      [['src/client/test/**', CODE]],
      clientRestrictions({ rawRedux: true, test: true }),
    ),
  );

  /** @type {{ name: string, place: string, layer?: 'platform' | 'site' | 'modules', module?: string }[]} */
  const serverPlaces = [
    { name: 'server', place: 'src/server/**' },
    { name: 'server platform', place: 'src/server/platform/**', layer: 'platform' },
    { name: 'server site', place: 'src/server/site/**', layer: 'site' },
    { name: 'server modules', place: 'src/server/modules/**', layer: 'modules' },
    ...modules.map((module) => ({
      name: `server module ${module}`,
      place: `src/server/modules/${module}/**`,
      layer: /** @type {const} */ ('modules'),
      module,
    })),
  ];
  for (const { name, place, layer, module } of serverPlaces) {
    blocks.push(
      block(name, [[place, CODE]], serverRestrictions({ layer, module })),
      ...(layer === 'modules'
        ? [
            block(
              `${name} routes`,
              [[place, '**/*-routes.ts']],
              serverRestrictions({ layer, module, routes: true }),
            ),
          ]
        : []),
      block(`${name} tests`, testsIn(place), serverRestrictions({ layer, module, test: true })),
    );
  }
  // The composition: app.ts and server.ts register modules and never reach inside one.
  blocks.push(
    block(
      'server composition',
      ['src/server/app.ts', 'src/server/server.ts'],
      [...serverRestrictions({}), R.compositionOnlyModuleEntries],
    ),
    block(
      'server test helpers',
      [['src/server/test/**', CODE]],
      serverRestrictions({ test: true }),
    ),
    block('scripts', [['scripts/**', CODE]], [R.onlyTestsImportTestHelpers]),
    block('scripts tests', testsIn('scripts/**'), []),
  );
  return blocks;
}
