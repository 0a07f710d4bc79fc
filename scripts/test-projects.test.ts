import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const webTests = readdirSync(path.join(root, 'web/src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join('web/src', file.split(path.sep).join('/')));

// vitest.config.ts gives `*.mocks.test.tsx` files a module graph of their own; the name is the only list.
const MOCKS_NAME = /\.mocks\.test\.tsx?$/;

describe('the test projects', () => {
  it('give every component test that replaces a module with vi.mock a module graph of its own', () => {
    const mocking = webTests.filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !MOCKS_NAME.test(file))).toEqual([]);
    // And the name is kept for them: a file named so that mocks nothing would run alone for nothing.
    expect(webTests.filter((file) => MOCKS_NAME.test(file)).sort()).toEqual(mocking.sort());
  });
});
