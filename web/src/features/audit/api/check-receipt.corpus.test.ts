import { describe, expect, it } from 'vitest';
import corpus from '../../../../../events/src/audit/testdata/transparency-dev-merkle.json';
import { rootFromInclusionProof, verifyConsistencyProof } from './check-receipt';

// Issue #40 item 5: the browser's receipt check gives every inclusion case of transparency-dev/merkle's
// corpus its expected outcome, as the shared module and the verifier do (verifier/test/merkle-corpus.test.ts).
interface InclusionCase {
  leafIdx: number | string;
  treeSize: number | string;
  root: string | null;
  leafHash: string | null;
  proof: string[] | null;
  wantErr: boolean;
}
interface ConsistencyCase {
  size1: number | string;
  size2: number | string;
  root1: string | null;
  root2: string | null;
  proof: string[] | null;
  wantErr: boolean;
}
const bytes = (text: string | null) => Uint8Array.from(atob(text ?? ''), (char) => char.charCodeAt(0));
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index]);

describe('the browser\u2019s receipt check against transparency-dev/merkle\u2019s inclusion corpus', () => {
  it('leads each passing case to its root, and no refused one to a 32-byte root it claims', async () => {
    const cases = Object.entries(corpus.inclusion as Record<string, InclusionCase>);
    expect(cases).toHaveLength(98);
    const wrong: string[] = [];
    for (const [name, test] of cases) {
      const root = bytes(test.root);
      const computed = await rootFromInclusionProof(Number(test.leafIdx), Number(test.treeSize), bytes(test.leafHash), (test.proof ?? []).map(bytes));
      const accepted = computed !== null && root.length === 32 && same(computed, root);
      if (accepted === test.wantErr) wrong.push(name);
    }
    expect(wrong).toEqual([]);
  });

  it('gives each consistency case its expected outcome (what the log watch checks on each visit)', async () => {
    const cases = Object.entries(corpus.consistency as Record<string, ConsistencyCase>);
    expect(cases).toHaveLength(98);
    const wrong: string[] = [];
    for (const [name, test] of cases) {
      const consistent = await verifyConsistencyProof(
        Number(test.size1),
        Number(test.size2),
        bytes(test.root1),
        bytes(test.root2),
        (test.proof ?? []).map(bytes),
      );
      if (consistent === test.wantErr) wrong.push(name);
    }
    expect(wrong).toEqual([]);
  });
});
