import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recount, resolve, type Choice } from './weighted-tally';
import { GroupGraph, applyDelta, carriedWeight, changeAt, changeAtMany } from './weighted-tally-engine';

/** A group in memory: the graph, who is eligible, and the direct choices on a few subjects. */
function group(eligible: Iterable<string>) {
  const eligibleSet = new Set(eligible);
  const graph = new GroupGraph((id) => eligibleSet.has(id));
  return { graph, eligibleSet };
}

const sorted = (tally: Map<Choice, number>) => [...tally].filter(([, weight]) => weight !== 0).sort(([a], [b]) => a.localeCompare(b));

type Step =
  | { kind: 'delegate'; member: number; delegate: number | null }
  | { kind: 'choose'; subject: number; member: number; choice: number | null }
  | { kind: 'eligible'; member: number; eligible: boolean };

const SUBJECTS = 2;
const CHOICES = ['support', 'oppose', 'c3'];

const scenario = fc.integer({ min: 2, max: 30 }).chain((size) => {
  const member = fc.integer({ min: 0, max: size - 1 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    // Weighted towards delegation so that long chains and cycles appear.
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('delegate' as const), member, delegate: fc.option(member, { nil: null, freq: 4 }) }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('choose' as const),
        subject: fc.integer({ min: 0, max: SUBJECTS - 1 }),
        member,
        choice: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null, freq: 3 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('eligible' as const), member, eligible: fc.boolean() }) },
  );
  return fc.record({
    size: fc.constant(size),
    choiceCount: fc.integer({ min: 2, max: 3 }),
    initiallyIneligible: fc.uniqueArray(member, { maxLength: Math.floor(size / 3) }),
    steps: fc.array(step, { minLength: 1, maxLength: 80 }),
  });
});

describe('the incremental weighted tally', () => {
  it('equals the recount after every step, and its weights sum to the eligible members who do not abstain', () => {
    fc.assert(
      fc.property(scenario, ({ size, choiceCount, initiallyIneligible, steps }) => {
        const members = Array.from({ length: size }, (_, index) => `m${index}`);
        const { graph, eligibleSet } = group(members.filter((_, index) => !initiallyIneligible.includes(index)));
        const choices = Array.from({ length: SUBJECTS }, () => new Map<string, Choice>());
        const tallies = Array.from({ length: SUBJECTS }, () => new Map<Choice, number>());

        for (const step of steps) {
          const memberId = members[step.member]!;
          if (step.kind === 'choose') {
            const subject = choices[step.subject]!;
            const delta = changeAt(graph, subject, memberId, () => {
              if (step.choice === null) subject.delete(memberId);
              else subject.set(memberId, CHOICES[step.choice % choiceCount]!);
            });
            applyDelta(tallies[step.subject]!, delta);
          } else {
            const deltas = changeAtMany(graph, choices, memberId, () => {
              if (step.kind === 'eligible') {
                if (step.eligible) eligibleSet.add(memberId);
                else eligibleSet.delete(memberId);
              } else {
                // Self-delegation is refused by the rule; cycles of two or more stay possible.
                const delegate = step.delegate === null || step.delegate === step.member ? undefined : members[step.delegate];
                graph.setDelegate(memberId, delegate);
              }
            });
            deltas.forEach((delta, index) => applyDelta(tallies[index]!, delta));
          }

          for (let index = 0; index < SUBJECTS; index += 1) {
            const expected = recount(graph, choices[index]!, members);
            expect(sorted(tallies[index]!)).toEqual(sorted(expected));
            const counted = members.filter((id) => graph.isEligible(id) && resolve(graph, choices[index]!, id).kind !== 'abstained').length;
            expect([...tallies[index]!.values()].reduce((sum, weight) => sum + weight, 0)).toBe(counted);
            for (const weight of tallies[index]!.values()) expect(weight).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the reverse sets of the graph in step with the delegates', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }))), (edits) => {
        const { graph } = group([]);
        for (const [member, delegate] of edits) graph.setDelegate(`m${member}`, delegate === undefined ? undefined : `m${delegate}`);
        for (let index = 0; index < 8; index += 1) {
          const id = `m${index}`;
          const expected = Array.from({ length: 8 }, (_, other) => `m${other}`).filter((other) => graph.delegateOf(other) === id);
          expect([...graph.delegatorsOf(id)].sort()).toEqual(expected.sort());
        }
      }),
    );
  });
});

describe('examples', () => {
  const setup = (eligible = ['a', 'b', 'c', 'd', 'e']) => {
    const { graph, eligibleSet } = group(eligible);
    const choices = new Map<string, Choice>();
    const tally = new Map<Choice, number>();
    const choose = (member: string, choice: Choice | null) =>
      applyDelta(
        tally,
        changeAt(graph, choices, member, () => {
          if (choice === null) choices.delete(member);
          else choices.set(member, choice);
        }),
      );
    const delegate = (member: string, to: string | undefined) =>
      applyDelta(
        tally,
        changeAt(graph, choices, member, () => graph.setDelegate(member, to)),
      );
    const eligibility = (member: string, on: boolean) =>
      applyDelta(
        tally,
        changeAt(graph, choices, member, () => {
          if (on) eligibleSet.add(member);
          else eligibleSet.delete(member);
        }),
      );
    return { graph, choices, tally, choose, delegate, eligibility };
  };

  it('a chain A -> B -> C gives C the weight of three', () => {
    const { tally, choose, delegate, graph, choices } = setup();
    delegate('a', 'b');
    delegate('b', 'c');
    expect(sorted(tally)).toEqual([]);
    choose('c', 'support');
    expect(sorted(tally)).toEqual([['support', 3]]);
    expect(resolve(graph, choices, 'a')).toEqual({ kind: 'delegated', choice: 'support', path: ['a', 'b', 'c'] });
  });

  it('a direct vote overrides the delegation, and withdrawing it gives the weight back', () => {
    const { tally, choose, delegate } = setup();
    delegate('a', 'b');
    delegate('b', 'c');
    choose('c', 'support');
    choose('b', 'oppose');
    expect(sorted(tally)).toEqual([
      ['oppose', 2],
      ['support', 1],
    ]);
    choose('b', null);
    expect(sorted(tally)).toEqual([['support', 3]]);
  });

  it('a cycle abstains until someone on it votes', () => {
    const { tally, choose, delegate, graph, choices } = setup();
    delegate('a', 'b');
    delegate('b', 'c');
    delegate('c', 'a');
    delegate('d', 'a');
    expect(sorted(tally)).toEqual([]);
    expect(resolve(graph, choices, 'd')).toEqual({ kind: 'abstained', reason: 'cycle', path: ['d', 'a', 'b', 'c', 'a'] });
    choose('b', 'oppose');
    expect(sorted(tally)).toEqual([['oppose', 4]]);
  });

  it('an ineligible member in the middle stops the chain: it neither counts nor relays', () => {
    const { tally, choose, delegate, eligibility } = setup(['a', 'c', 'd']);
    delegate('a', 'b');
    delegate('b', 'c');
    delegate('d', 'c');
    choose('c', 'support');
    expect(sorted(tally)).toEqual([['support', 2]]);
    eligibility('b', true);
    expect(sorted(tally)).toEqual([['support', 4]]);
    eligibility('c', false);
    expect(sorted(tally)).toEqual([]);
  });

  it('changing and revoking a delegate moves the whole subtree', () => {
    const { tally, choose, delegate } = setup();
    choose('c', 'support');
    choose('d', 'oppose');
    delegate('a', 'b');
    delegate('b', 'c');
    expect(sorted(tally)).toEqual([
      ['oppose', 1],
      ['support', 3],
    ]);
    delegate('b', 'd');
    expect(sorted(tally)).toEqual([
      ['oppose', 3],
      ['support', 1],
    ]);
    delegate('b', undefined);
    expect(sorted(tally)).toEqual([
      ['oppose', 1],
      ['support', 1],
    ]);
  });

  it('counts the weight a delegate carries, ignoring direct votes', () => {
    const { graph, delegate, choose } = setup(['a', 'b', 'c', 'e']);
    delegate('a', 'b');
    delegate('b', 'c');
    delegate('d', 'c');
    delegate('e', 'd');
    choose('b', 'support');
    expect(carriedWeight(graph, 'c')).toEqual({ weight: 3, delegators: 2, directDelegators: 1 });
    expect(carriedWeight(graph, 'd')).toEqual({ weight: 0, delegators: 1, directDelegators: 1 });
    expect(carriedWeight(graph, 'e')).toEqual({ weight: 1, delegators: 0, directDelegators: 0 });
  });
});
