import { ESLint } from 'eslint';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROBE = 'zz-lint-probe';
// Real files on disk: the import rules resolve and parse both ends of an import before judging it.
const folders = [
  `web/src/features/${PROBE}-a`, `web/src/features/${PROBE}-b`, `web/src/lib/${PROBE}`,
  `command-api/src/${PROBE}-a`, `command-api/src/${PROBE}-b`, `command-api/src/lib/${PROBE}`,
  `query-api/src/lib/${PROBE}`, `events/src/${PROBE}`,
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

describe('the house rules the linter keeps', () => {
  it('refuses an import from one web feature into another', async () => {
    expect(await brokenRules(`web/src/features/${PROBE}-a/deliberate.ts`, `import { probe } from '../${PROBE}-b/probe';\nexport const used = probe;\n`))
      .toContain('import/no-restricted-paths');
  });

  it('refuses a shared web folder importing a feature', async () => {
    expect(await brokenRules(`web/src/lib/${PROBE}/deliberate.ts`, `import { probe } from '../../features/${PROBE}-b/probe';\nexport const used = probe;\n`))
      .toContain('import/no-restricted-paths');
  });

  it('refuses a server lib/ folder importing a feature, and one server feature importing another', async () => {
    expect(await brokenRules(`command-api/src/lib/${PROBE}/deliberate.ts`, `import { probe } from '../../${PROBE}-b/probe';\nexport const used = probe;\n`))
      .toContain('import/no-restricted-paths');
    expect(await brokenRules(`command-api/src/${PROBE}-a/deliberate.ts`, `import { probe } from '../${PROBE}-b/probe';\nexport const used = probe;\n`))
      .toContain('import/no-restricted-paths');
  });

  it('refuses import cycles', async () => {
    write(`command-api/src/${PROBE}-a/first.ts`, "import { second } from './second';\nexport const first = () => second();\n");
    expect(await brokenRules(`command-api/src/${PROBE}-a/second.ts`, "import { first } from './first';\nexport const second = (): unknown => first;\n"))
      .toContain('import/no-cycle');
  });

  it('lets the command and query sides import the projector only as types', async () => {
    expect(await brokenRules(`query-api/src/lib/${PROBE}/runtime.ts`, "import { projections } from '@civitas/projector';\nexport const used = projections;\n"))
      .toContain('@typescript-eslint/no-restricted-imports');
    expect(await brokenRules(`query-api/src/lib/${PROBE}/types.ts`, "import type { ReadModels } from '@civitas/projector';\nexport type Used = ReadModels;\n")).toEqual([]);
  });

  it('keeps events free of our other packages, entry points included', async () => {
    expect(await brokenRules(`events/src/${PROBE}/deliberate.ts`, "import { loadConfig } from '@civitas/service-kit';\nexport const used = loadConfig;\n"))
      .toContain('@typescript-eslint/no-restricted-imports');
    expect(await brokenRules(`events/src/${PROBE}/entry.ts`, "import { loadConfig } from '@civitas/service-kit/config';\nexport const used = loadConfig;\n"))
      .toContain('@typescript-eslint/no-restricted-imports');
  });

  it('lets a feature import its own files', async () => {
    expect(await brokenRules(`web/src/features/${PROBE}-b/deliberate.ts`, "import { probe } from './probe';\nexport const used = probe;\n")).toEqual([]);
  });
});
