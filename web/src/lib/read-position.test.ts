import { afterEach, describe, expect, it, vi } from 'vitest';

// The module reads a carried position when it loads: import a fresh copy per case.
async function freshModule() {
  vi.resetModules();
  return import('./read-position');
}

afterEach(() => sessionStorage.clear());

describe('carrying the position over a reload', () => {
  it('hands the position to the next page load, once', async () => {
    const before = await freshModule();
    before.recordPosition('0000000000000002-0000000000000010');
    before.carryPositionOverReload();

    const after = await freshModule();
    expect(after.currentPosition()).toBe('0000000000000002-0000000000000010');

    const later = await freshModule();
    expect(later.currentPosition()).toBeNull();
  });

  it('carries nothing without a write', async () => {
    (await freshModule()).carryPositionOverReload();
    expect((await freshModule()).currentPosition()).toBeNull();
  });
});
