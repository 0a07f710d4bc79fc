// House rules a tool keeps (docs/architecture.md explains each boundary and what no linter can say).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import prettierConfig from 'eslint-config-prettier';
import routeAccess from './scripts/eslint-rules/route-access.js';
import { readdirSync } from 'node:fs';
import { URL } from 'node:url';

const featuresOf = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !['lib', 'test'].includes(entry.name))
    .map((entry) => entry.name);
const webFeatures = featuresOf('./web/src/features/');
const serverFeatures = (service) => featuresOf(`./${service}/src/`);

/** Each web feature imports no other feature, nor the app: features are composed in web/src/app. */
const webFeatureZones = [
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in web/src/app, or share through web/src/lib or web/src/components.',
  })),
  {
    target: './web/src/features',
    from: ['./web/src/app', './web/src/App.tsx'],
    message: 'Features do not import the app that composes them: take what they need as props.',
  },
];

/** Server features do not import each other either: the composition roots (app.ts, services.ts, server.ts) wire them. */
const serverFeatureZones = ['command-api', 'query-api', 'projector'].flatMap((service) =>
  serverFeatures(service).map((feature) => ({
    target: `./${service}/src/${feature}`,
    from: `./${service}/src`,
    except: [`./${feature}`, './lib', ...['app.ts', 'index.ts', 'projection.ts', 'read-models.ts'].map((file) => `./${file}`)],
    message: 'A feature imports no other feature: pass what it needs in from the composition root (services.ts, app.ts), or share it through lib/ or events.',
  })),
);

/**
 * The features inside events/ (events/src/<feature>/) import another feature only through what it
 * shares: its events (`*.events.ts`), its contracts (`*.contract.ts`, which contracts compose) and
 * the folds of its streams (`*.view.ts`), plus the pure rules several features decide with
 * (docs/architecture.md). Its other files are its own. Folders that are no feature: postgres/, testing/.
 */
const eventsFeatures = featuresOf('./events/src/').filter((folder) => !['postgres', 'testing'].includes(folder));
// The election methods and quorums (issue #34) are rules the one tally module (audit/topic-tally.ts) counts with.
const SHARED_EVENTS_RULES = [
  'groups/eligibility.ts',
  'groups/quorum.ts',
  'voting/tally.ts',
  'delegation/weighted-tally.ts',
  'topics/topic-rules.ts',
  'elections/election-method.ts',
  'elections/schulze.ts',
];
const eventsFeatureZones = eventsFeatures.map((feature) => ({
  target: `./events/src/${feature}`,
  from: eventsFeatures.filter((other) => other !== feature).map((other) => `./events/src/${other}/**`),
  except: ['**/*.events.ts', '**/*.contract.ts', '**/*.view.ts', ...SHARED_EVENTS_RULES.map((file) => `**/events/src/${file}`)],
  message:
    'A feature in events/ imports another only through its *.events.ts, *.contract.ts, *.view.ts or a shared pure rule (groups/eligibility, groups/quorum, voting/tally, delegation/weighted-tally, topics/topic-rules, elections/election-method, elections/schulze).',
}));

/** Shared folders sit below the features: they import none of them, nor the app that composes them. */
const sharedFolderZones = [
  ...['lib', 'components', 'pages'].map((shared) => ({
    target: `./web/src/${shared}`,
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared web code imports no feature and not the app: pass what it needs in.',
  })),
  ...['command-api', 'query-api', 'projector'].map((service) => ({
    target: `./${service}/src/lib`,
    from: `./${service}/src`,
    except: ['./lib'],
    message: 'A server lib/ folder imports no feature: give it what it needs as arguments or interfaces.',
  })),
];

/** Packages talk through their public entry points; the projector is nobody's run-time dependency. */
const ourPackages = ['@civitas/events', '@civitas/service-kit', '@civitas/command-api', '@civitas/projector', '@civitas/query-api'];
const restrictPackages = (allowed, { projectorTypes = false } = {}) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [
        ...ourPackages
          .filter((name) => !allowed.includes(name))
          .filter((name) => !(projectorTypes && name === '@civitas/projector'))
          .map((name) => ({ name, message: 'This package may not import that one (docs/architecture.md).' })),
        ...(projectorTypes
          ? [{ name: '@civitas/projector', allowTypeImports: true, message: 'Only read-model types may come from the projector (import type).' }]
          : []),
      ],
      patterns: [
        { group: ['@civitas/*/src/*', '../../*/src/*'], message: 'Import another package through its public entry points.' },
        ...ourPackages
          .filter((name) => !allowed.includes(name) && !(projectorTypes && name === '@civitas/projector'))
          .map((name) => ({ group: [`${name}/*`], message: 'This package may not import that one (docs/architecture.md).' })),
        ...(projectorTypes
          ? [{ group: ['@civitas/projector/*'], allowTypeImports: true, message: 'Only read-model types may come from the projector (import type).' }]
          : []),
      ],
    },
  ],
});

export default tseslint.config(
  // zz-lint-probe*: the files scripts/lint-rules.test.ts writes to break each rule on purpose; it lints them
  // itself, and `npm run lint` beside a running test suite must not. bench/.scratch: scratch scripts git ignores too.
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**', '**/zz-lint-probe*/**', 'bench/.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { import: importPlugin },
    settings: {
      // Relative imports resolve as TypeScript files; packages (@civitas/*) are checked by name below.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: [...webFeatureZones, ...serverFeatureZones, ...eventsFeatureZones, ...sharedFolderZones] }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  // Typed Kysely outside tests (docs/architecture.md, What the linter says): a database type, kysely's
  // QueryExecutorProvider for raw SQL, Kysely<unknown> in a migration; never Kysely<any> or Transaction<any>.
  {
    files: ['**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'TSTypeReference:matches([typeName.name=/^(Kysely|Transaction)$/], [typeName.right.name=/^(Kysely|Transaction)$/]) > TSTypeParameterInstantiation > TSAnyKeyword',
          message:
            'Type Kysely with its tables (PlatformDatabase, ReadModels), take QueryExecutorProvider where only raw SQL runs, Kysely<unknown> in a migration (docs/architecture.md).',
        },
        {
          // The same any given where a Kysely is made: createKysely<any>(...), new Kysely<any>(...).
          selector:
            ':matches(CallExpression[callee.name="createKysely"], NewExpression[callee.name="Kysely"], NewExpression[callee.property.name="Kysely"]) > TSTypeParameterInstantiation > TSAnyKeyword',
          message: 'Make a Kysely typed with its tables (PlatformDatabase, ReadModels), never createKysely<any> or new Kysely<any> (docs/architecture.md).',
        },
      ],
    },
  },
  // Every route says who may call it (scripts/eslint-rules/route-access.js; service-kit/src/route-policies.ts enforces it).
  {
    files: ['command-api/src/**/*.ts', 'query-api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { civitas: { rules: { 'route-access': routeAccess } } },
    rules: { 'civitas/route-access': 'error' },
  },
  { files: ['events/src/**/*.ts'], rules: restrictPackages([]) },
  { files: ['service-kit/src/**/*.ts'], rules: restrictPackages(['@civitas/events']) },
  { files: ['projector/src/**/*.ts'], rules: restrictPackages(['@civitas/events', '@civitas/service-kit']) },
  { files: ['command-api/src/**/*.ts'], rules: restrictPackages(['@civitas/events', '@civitas/service-kit'], { projectorTypes: true }) },
  { files: ['query-api/src/**/*.ts'], rules: restrictPackages(['@civitas/events', '@civitas/service-kit'], { projectorTypes: true }) },
  { files: ['web/src/**/*.{ts,tsx}'], rules: restrictPackages(['@civitas/events']) },
  // The verifier runs anywhere on Node alone: Node's modules, its own files and the pure audit modules, nothing else.
  {
    files: ['verifier/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(?!node:|\\./|@civitas/events/audit/(merkle|checkpoint|topic-tally|leaf-view|export\\.contract|proof-hashes|counted-events|signed-note)$|@civitas/events/delegation/weighted-tally$)',
              message: 'The verifier imports only node:* and the pure audit modules of @civitas/events and the weighted tally (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  // Tool configurations written as CommonJS (.dependency-cruiser.cjs).
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  // Layout is Prettier's (npm run lint checks it): no ESLint rule may argue with it.
  prettierConfig,
);
