import { describe, expect, it } from 'vitest';
import { SetQuorumBody } from './quorum.contract';
import { DEFAULT_QUORUM_PERCENT, isQuorumTopicType, quorumPercentOf, quorumReached } from './quorum';

/** The quorum's pure rules (issue #34 item 3; docs/decisions.md, Quorum and majority). */
describe('the quorum rules', () => {
  it('reach a quorum in whole numbers: participating * 100 >= percent * eligible', () => {
    expect(quorumReached(30, 10, 3)).toBe(true);
    expect(quorumReached(30, 10, 2)).toBe(false);
    // 10% of 7 is 0.7: one member reaches it, nobody does not.
    expect(quorumReached(10, 7, 1)).toBe(true);
    expect(quorumReached(10, 7, 0)).toBe(false);
    expect(quorumReached(0, 1000, 0)).toBe(true);
    expect(quorumReached(100, 5, 5)).toBe(true);
    expect(quorumReached(100, 5, 4)).toBe(false);
    // No eligible weight: any quorum is reached by nobody.
    expect(quorumReached(100, 0, 0)).toBe(true);
  });

  it('take the leaders\u2019 quorum for a type, else the default (10% for laws, none for elections)', () => {
    expect(DEFAULT_QUORUM_PERCENT).toEqual({ law_amendment: 10, dispute_resolution: 10, election: 0 });
    expect(quorumPercentOf({}, 'law_amendment')).toBe(10);
    expect(quorumPercentOf({ law_amendment: 0 }, 'law_amendment')).toBe(0);
    expect(quorumPercentOf({ election: 25 }, 'dispute_resolution')).toBe(10);
    expect(quorumPercentOf({ election: 25 }, 'election')).toBe(25);
    expect(['law_amendment', 'dispute_resolution', 'election', 'family_discussion'].filter(isQuorumTopicType)).toEqual([
      'law_amendment',
      'dispute_resolution',
      'election',
    ]);
  });

  it('take a whole percentage from 0 to 100 for a type that decides, and say so otherwise', () => {
    expect(SetQuorumBody.parse({ topicType: 'election', quorumPercent: 100 })).toEqual({ topicType: 'election', quorumPercent: 100 });
    for (const quorumPercent of [-1, 101, 12.5, '10', null]) {
      const parsed = SetQuorumBody.safeParse({ topicType: 'law_amendment', quorumPercent });
      expect(parsed.error?.issues[0]?.message, String(quorumPercent)).toBe('Quorum must be a whole percentage from 0 to 100');
    }
    expect(SetQuorumBody.safeParse({ topicType: 'friends_discussion', quorumPercent: 10 }).error?.issues[0]?.message).toBe(
      "Topic type must be 'law_amendment', 'dispute_resolution' or 'election'",
    );
  });
});
