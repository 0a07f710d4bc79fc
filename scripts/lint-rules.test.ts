import { cruise } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { createRequire } from 'node:module';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROBE = 'zz-lint-probe';
// Real files on disk: the import rules resolve and parse both ends of an import before judging it.
const folders = [
  `web/src/features/${PROBE}-a`,
  `web/src/features/${PROBE}-b`,
  `web/src/lib/${PROBE}`,
  `command-api/src/${PROBE}-a`,
  `command-api/src/${PROBE}-b`,
  `command-api/src/lib/${PROBE}`,
  `query-api/src/lib/${PROBE}`,
  `events/src/${PROBE}`,
  `events/src/${PROBE}-a`,
  `events/src/${PROBE}-b`,
  `service-kit/src/${PROBE}`,
];
let eslint: ESLint;

function write(file: string, code: string): string {
  writeFileSync(path.join(root, file), code);
  return file;
}

beforeAll(() => {
  for (const folder of folders) mkdirSync(path.join(root, folder), { recursive: true });
  write(`web/src/features/${PROBE}-b/probe.ts`, 'export const probe = 1;\n');
  write(`command-api/src/${PROBE}-b/probe.ts`, 'export const probe = 1;\n');
  write(`events/src/${PROBE}-b/probe.ts`, 'export const probe = 1;\n');
  write(`events/src/${PROBE}-b/probe.events.ts`, 'export const probe = 1;\n');
  // Created after the probe folders: the config lists the features when it loads.
  // The probes are ignored by `npm run lint` (eslint.config.js), not here.
  eslint = new ESLint({ cwd: root, ignore: false });
});
afterAll(() => {
  for (const folder of folders) rmSync(path.join(root, folder), { recursive: true, force: true });
});

/** Writes `code` to `file` (relative to the repository), lints it, and names the rules it breaks. */
async function brokenRules(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([path.join(root, write(file, code))]);
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

/** The files of the import cycles dependency-cruiser finds under `folder`, with the repository's own rules (.dependency-cruiser.cjs). */
async function cycles(folder: string): Promise<string[]> {
  const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');
  // The probes are excluded from `npm run lint`, not here.
  const { output } = await cruise(
    [folder],
    { ...config.options, exclude: { path: 'node_modules' }, ruleSet: { forbidden: config.forbidden }, validate: true },
    {},
    {},
  );
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  const inCycles = output.summary.violations
    .filter((violation) => violation.rule.name === 'no-cycle')
    .flatMap((violation) => [violation.from, ...(violation.cycle ?? []).map((step) => step.name)]);
  return [...new Set(inCycles)].sort();
}

describe('the house rules the linter keeps', () => {
  it('refuses an import from one web feature into another', async () => {
    expect(
      await brokenRules(`web/src/features/${PROBE}-a/deliberate.ts`, `import { probe } from '../${PROBE}-b/probe';\nexport const used = probe;\n`),
    ).toContain('import/no-restricted-paths');
  });

  it('refuses a shared web folder importing a feature', async () => {
    expect(
      await brokenRules(`web/src/lib/${PROBE}/deliberate.ts`, `import { probe } from '../../features/${PROBE}-b/probe';\nexport const used = probe;\n`),
    ).toContain('import/no-restricted-paths');
  });

  it('refuses a server lib/ folder importing a feature, and one server feature importing another', async () => {
    expect(
      await brokenRules(`command-api/src/lib/${PROBE}/deliberate.ts`, `import { probe } from '../../${PROBE}-b/probe';\nexport const used = probe;\n`),
    ).toContain('import/no-restricted-paths');
    expect(
      await brokenRules(`command-api/src/${PROBE}-a/deliberate.ts`, `import { probe } from '../${PROBE}-b/probe';\nexport const used = probe;\n`),
    ).toContain('import/no-restricted-paths');
  });

  it('refuses import cycles', async () => {
    write(`command-api/src/${PROBE}-a/first.ts`, "import { second } from './second';\nexport const first = () => second();\n");
    expect(
      await brokenRules(`command-api/src/${PROBE}-a/second.ts`, "import { first } from './first';\nexport const second = (): unknown => first;\n"),
    ).toContain('import/no-cycle');
  });

  it('refuses import cycles through `import type` too (dependency-cruiser, the other half of `npm run lint`)', async () => {
    write(`service-kit/src/${PROBE}/first-type.ts`, "import type { Second } from './second-type';\nexport interface First { second?: Second }\n");
    write(`service-kit/src/${PROBE}/second-type.ts`, "import type { First } from './first-type';\nexport interface Second { first?: First }\n");
    // import/no-cycle skips type-only imports, which is why the cycle check is dependency-cruiser's.
    expect(
      await brokenRules(`service-kit/src/${PROBE}/second-type.ts`, "import type { First } from './first-type';\nexport interface Second { first?: First }\n"),
    ).toEqual([]);
    expect(await cycles(`service-kit/src/${PROBE}`)).toEqual([`service-kit/src/${PROBE}/first-type.ts`, `service-kit/src/${PROBE}/second-type.ts`]);
    expect(await cycles(`command-api/src/${PROBE}-b`)).toEqual([]);
  });

  it('lets the command and query sides import the projector only as types', async () => {
    expect(
      await brokenRules(`query-api/src/lib/${PROBE}/runtime.ts`, "import { projections } from '@civitas/projector';\nexport const used = projections;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await brokenRules(`query-api/src/lib/${PROBE}/types.ts`, "import type { ReadModels } from '@civitas/projector';\nexport type Used = ReadModels;\n"),
    ).toEqual([]);
  });

  it('keeps events free of our other packages, entry points included', async () => {
    expect(
      await brokenRules(`events/src/${PROBE}/deliberate.ts`, "import { loadConfig } from '@civitas/service-kit';\nexport const used = loadConfig;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await brokenRules(`events/src/${PROBE}/entry.ts`, "import { loadConfig } from '@civitas/service-kit/config';\nexport const used = loadConfig;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('refuses a feature inside events/ importing another one, except its events, contracts and views', async () => {
    expect(await brokenRules(`events/src/${PROBE}-a/deliberate.ts`, `import { probe } from '../${PROBE}-b/probe';\nexport const used = probe;\n`)).toContain(
      'import/no-restricted-paths',
    );
    expect(await brokenRules(`events/src/${PROBE}-a/shared.ts`, `import { probe } from '../${PROBE}-b/probe.events';\nexport const used = probe;\n`)).toEqual(
      [],
    );
  });

  it('refuses a route that declares no access, on the command and the query side', async () => {
    const routes = (options: string) =>
      `import type { FastifyInstance } from 'fastify';\nexport function probeRoutes(app: FastifyInstance): void {\n  app.get('/api/probe', ${options}, async () => ({}));\n}\n`;
    expect(await brokenRules(`command-api/src/${PROBE}-a/probe.routes.ts`, routes('{ schema: { hide: true } }'))).toContain('civitas/route-access');
    expect(
      await brokenRules(
        `query-api/src/lib/${PROBE}/probe.routes.ts`,
        "import type { FastifyInstance } from 'fastify';\nexport function probeRoutes(app: FastifyInstance): void {\n  app.post('/api/probe', async () => ({}));\n}\n",
      ),
    ).toContain('civitas/route-access');
    expect(await brokenRules(`command-api/src/${PROBE}-a/declared.routes.ts`, routes("{ config: { access: 'member' } }"))).toEqual([]);
  });

  it('refuses Kysely<any> outside tests, and takes a typed Kysely or a QueryExecutorProvider', async () => {
    const probe = (names: string, type: string) => `import type { ${names} } from 'kysely';\nexport type Probe = ${type};\n`;
    expect(await brokenRules(`service-kit/src/${PROBE}/untyped.ts`, probe('Kysely', '{ db: Kysely<any> }'))).toContain('no-restricted-syntax');
    expect(await brokenRules(`query-api/src/lib/${PROBE}/untyped.ts`, probe('Transaction', '(trx: Transaction<any>) => void'))).toContain(
      'no-restricted-syntax',
    );
    expect(
      await brokenRules(`query-api/src/lib/${PROBE}/qualified.ts`, "import type * as kysely from 'kysely';\nexport type Probe = kysely.Kysely<any>;\n"),
    ).toContain('no-restricted-syntax');
    // Made untyped, with no type written anywhere: the any is in the call.
    const made = (call: string) => `import { Kysely } from 'kysely';\nimport { createKysely } from '@civitas/service-kit';\nexport const db = ${call};\n`;
    expect(await brokenRules(`command-api/src/lib/${PROBE}/made.ts`, made("createKysely<any>('postgres://x')"))).toContain('no-restricted-syntax');
    expect(await brokenRules(`query-api/src/lib/${PROBE}/made.ts`, made('new Kysely<any>({ dialect: undefined as never })'))).toContain('no-restricted-syntax');
    expect(await brokenRules(`command-api/src/lib/${PROBE}/typed-made.ts`, made("createKysely<{ t: { a: string } }>('postgres://x')"))).not.toContain(
      'no-restricted-syntax',
    );
    expect(
      await brokenRules(
        `service-kit/src/${PROBE}/typed.ts`,
        probe('Kysely, QueryExecutorProvider', 'Kysely<{ sessions: { sid: string } }> | Kysely<unknown> | QueryExecutorProvider'),
      ),
    ).toEqual([]);
  });

  it('lets a feature import its own files', async () => {
    expect(await brokenRules(`web/src/features/${PROBE}-b/deliberate.ts`, "import { probe } from './probe';\nexport const used = probe;\n")).toEqual([]);
  });
});
