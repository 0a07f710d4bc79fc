import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LEAF_FORMAT, eventLeafHash, type LeafEvent } from './merkle';
import { authorScope, blindLeafEvent, blindWith, storedEventLeafHash, topicScope } from './leaf-view';

describe('leaf blinder', () => {
  const keyed = (seen: string[]) => (value: string) => {
    seen.push(value);
    return createHmac('sha256', 'test-key').update(value).digest('hex');
  };
  const member = '0b6f3c3e-5d2a-4f57-9a43-3c2b1f1d9e01';
  const other = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('hashes an id once per topic scope and answers the same blinded id after', () => {
    const seen: string[] = [];
    const blind = blindWith(keyed(seen));
    const topic = topicScope('c2a1e3f4-0000-4000-8000-000000000001');
    const first = blind(topic, member);
    expect(blind(topic, member)).toBe(first);
    expect(blind(topic, other)).not.toBe(first);
    expect(blind(topicScope('c2a1e3f4-0000-4000-8000-000000000002'), member)).not.toBe(first);
    expect(seen).toHaveLength(3);
    expect(first).toBe(`~${createHmac('sha256', 'test-key').update(`${topic}\n${member}`).digest('hex').slice(0, 32)}`);
  });

  it('hashes per-event scopes every time (they never recur)', () => {
    const seen: string[] = [];
    const blind = blindWith(keyed(seen));
    expect(blind('event:0001', member)).toBe(blind('event:0001', member));
    expect(seen).toHaveLength(2);
  });
});

// Leaf format 2 (docs/audit-format.md, Blinding): a member's public acts in a topic and their votes share no pseudonym.
describe('leaf formats', () => {
  const blind = blindWith((value) => createHmac('sha256', 'test-key').update(value).digest('hex'));
  const topicId = 'c2a1e3f4-0000-4000-8000-000000000001';
  const [author, opinionId, commandId] = [
    '0b6f3c3e-5d2a-4f57-9a43-3c2b1f1d9e01',
    '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c',
    '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  ];
  const posted = (leafFormat?: number): LeafEvent => ({
    stream: `opinion-${opinionId}`,
    version: 1,
    position: '0000000000000010-0000000000000001',
    type: 'OpinionPosted',
    data: { opinionId, topicId, groupId: 7, userId: author, content: 'Open the libraries.' },
    metadata: { actorId: author, commandId, time: '2026-12-01T10:00:00.000Z', ...(leafFormat ? { leafFormat } : {}) },
  });
  const vote: LeafEvent = {
    stream: `vote-${opinionId}-${author}`,
    version: 1,
    position: '0000000000000011-0000000000000001',
    type: 'VoteCast',
    data: { opinionId, topicId, groupId: 7, userId: author, voteType: 'support', previousVoteType: null },
    metadata: { actorId: author, time: '2026-12-01T10:01:00.000Z', leafFormat: LEAF_FORMAT },
  };
  const blinds = (event: LeafEvent) => new Set(JSON.stringify(blindLeafEvent(event, blind)).match(/~[0-9a-f]{32}/g));

  it('blinds an author in format 2 in the topic\u2019s author scope, apart from their votes; the opinion stays joinable', () => {
    const authored = blindLeafEvent(posted(LEAF_FORMAT), blind);
    const voted = blindLeafEvent(vote, blind);
    expect((authored.data as { userId: string }).userId).toBe(blind(authorScope(topicId), author));
    expect((authored.metadata as { actorId: string }).actorId).toBe(blind(authorScope(topicId), author));
    expect((voted.data as { userId: string }).userId).toBe(blind(topicScope(topicId), author));
    expect((authored.data as { opinionId: string }).opinionId).toBe((voted.data as { opinionId: string }).opinionId);
    const shared = [...blinds(posted(LEAF_FORMAT))].filter((token) => blinds(vote).has(token));
    expect(shared).toEqual([blind(topicScope(topicId), opinionId)]);
  });

  it('keeps an event stored before format 2 (no leafFormat) on its first blinding: its leaf is the one it always had', () => {
    const old = posted();
    expect((blindLeafEvent(old, blind).data as { userId: string }).userId).toBe(blind(topicScope(topicId), author));
    // Computed by the code before format 2 existed (commit 057b47e), for this event and key.
    const stored = { streamId: old.stream, streamPosition: old.version, position: old.position, type: old.type, data: old.data, metadata: old.metadata };
    expect(storedEventLeafHash(stored, blind).toString('base64')).toBe('L4faUocOVATKTN71sU+ZcHo32u8fKq0sAhiPyZskMTk=');
    expect(eventLeafHash(blindLeafEvent(posted(LEAF_FORMAT), blind)).toString('base64')).not.toBe('L4faUocOVATKTN71sU+ZcHo32u8fKq0sAhiPyZskMTk=');
  });
});
