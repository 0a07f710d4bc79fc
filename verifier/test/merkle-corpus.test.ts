import { verifyConsistency, verifyInclusion } from '@civitas/events/audit/merkle';
import { describe, expect, it } from 'vitest';
import corpus from '../../events/src/audit/testdata/transparency-dev-merkle.json';
import { ProvenNodes } from '../src/proven-nodes';

/**
 * Issue #40 item 5: every inclusion and consistency case of transparency-dev/merkle's testdata
 * (events/src/audit/testdata, copied whole from the commit it names), with the outcome that corpus
 * expects, through the shared module (server and audit:check) and the standalone verifier's path
 * check (the browser's receipt check: web/src/features/audit/api/check-receipt.corpus.test.ts). A number beyond 2^53 is kept
 * as its digits (JSON would round it), and must be refused.
 */
type Size = number | string;
interface InclusionCase {
  leafIdx: Size;
  treeSize: Size;
  root: string | null;
  leafHash: string | null;
  proof: string[] | null;
  wantErr: boolean;
}
interface ConsistencyCase {
  size1: Size;
  size2: Size;
  root1: string | null;
  root2: string | null;
  proof: string[] | null;
  wantErr: boolean;
}

const bytes = (text: string | null) => Buffer.from(text ?? '', 'base64');
const size = (value: Size) => (typeof value === 'string' ? Number(value) : value);
const inclusion = Object.entries(corpus.inclusion as Record<string, InclusionCase>);
const consistency = Object.entries(corpus.consistency as Record<string, ConsistencyCase>);

describe(`transparency-dev/merkle testdata (${corpus.commit.slice(0, 12)})`, () => {
  it('holds every inclusion and consistency case of the corpus', () => {
    expect([inclusion.length, consistency.length]).toEqual([98, 98]);
    // Most cases are refusals: each passing case's proof with one thing changed.
    expect([inclusion, consistency].map((cases) => cases.filter(([, test]) => !test.wantErr).length)).toEqual([6, 6]);
  });

  it('gives each inclusion case its expected outcome in the shared module and the standalone verifier', () => {
    const outcomes: Array<[string, boolean, boolean, boolean]> = [];
    for (const [name, test] of inclusion) {
      const [leafIndex, treeSize, proof] = [size(test.leafIdx), size(test.treeSize), (test.proof ?? []).map(bytes)];
      const shared = verifyInclusion(leafIndex, treeSize, bytes(test.leafHash), proof, bytes(test.root));
      // The verifier takes the checkpoint's root as given, base64; a root that is not 32 bytes is no checkpoint it would accept.
      const standalone =
        bytes(test.root).length === 32 &&
        bytes(test.leafHash).length === 32 &&
        new ProvenNodes(treeSize, test.root!).includes(leafIndex, bytes(test.leafHash), test.proof ?? []);
      outcomes.push([name, !test.wantErr, shared, standalone]);
    }
    expect(outcomes.filter(([, want, ...got]) => got.some((outcome) => outcome !== want))).toEqual([]);
  });

  it('gives each consistency case its expected outcome', () => {
    const wrong = consistency
      .map(
        ([name, test]) =>
          [
            name,
            !test.wantErr,
            verifyConsistency(size(test.size1), size(test.size2), bytes(test.root1), bytes(test.root2), (test.proof ?? []).map(bytes)),
          ] as const,
      )
      .filter(([, want, got]) => want !== got);
    expect(wrong).toEqual([]);
  });
});
