import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_MODULES } from '../vitest.config';

const root = path.resolve(import.meta.dirname, '..');
const webTests = readdirSync(path.join(root, 'web/src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join('web/src', file.split(path.sep).join('/')));

describe('the test projects', () => {
  it('give every component test that replaces a module with vi.mock a module graph of its own', () => {
    const mocking = webTests.filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.sort()).toEqual([...MOCKING_MODULES].sort());
  });
});
