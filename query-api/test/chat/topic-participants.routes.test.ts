import { CATALOGUE, chatStream, userStream } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCreated, memberJoined, memberLeft, newId, opinionPosted, topicCreated, topicDeleted, userRegistered } from '../../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from '../query-app';

const ISLAM = 2;
const OPEN_UNTIL = '2026-04-01T10:00:00.000Z';

// docs/decisions.md, Mentions: the chat's @-completion offers who took part and may be told.
describe('GET /api/topics/:id/participants', () => {
  let query: QueryApp;
  let ada: Member;
  let outsider: Member;
  const [topic, familyTopic, deleted] = [newId(), newId(), newId()];
  const ids: Record<string, string> = {};

  /** A member with both names, signed up, who then takes part in `topicId` by chatting or posting an opinion. */
  const person = async (key: string, firstName: string | null, lastName: string | null) => {
    ids[key] = newId();
    await query.record(userRegistered(ids[key], { firstName, lastName }));
  };
  const chats = (topicId: string, groupId: number, userId: string) => ({
    type: 'ChatMessagePosted' as const,
    streamId: chatStream(topicId, userId),
    data: { messageId: newId(), topicId, groupId, userId, message: 'Hello', mentions: [] },
  });

  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(
      groupCreated(
        ISLAM,
        CATALOGUE.find((group) => group.groupId === ISLAM)!,
      ),
    );
    [ada, outsider] = [await query.member('Ada'), await query.member('Outsider')];
    await person('omar', 'Omar', 'Farouk');
    await person('layla', 'ليلى', 'حدّاد');
    await person('emile', 'Émile', 'Zola');
    await person('percent', 'Per%cy', 'Under_score');
    await person('erased', 'Erin', 'Erased');
    await person('forfeited', 'Fay', 'Forfeited');
    await person('nameless', null, null);
    await person('bystander', 'Omar', 'Bystander');
    for (let n = 0; n < 10; n += 1) await person(`many${n}`, `Zed${n}`, 'Many');
    await query.record(
      topicCreated(topic, ISLAM, ada.id, { expiresAt: OPEN_UNTIL }),
      topicCreated(familyTopic, ada.groups.family, ada.id, { type: 'family_discussion', expiresAt: OPEN_UNTIL }),
      topicCreated(deleted, ISLAM, ada.id, { expiresAt: OPEN_UNTIL }),
      opinionPosted(newId(), topic, ISLAM, ids.omar!),
      ...['layla', 'emile', 'percent', 'erased', 'forfeited', 'nameless', ...Array.from({ length: 10 }, (_, n) => `many${n}`)].map((key) =>
        chats(topic, ISLAM, ids[key]!),
      ),
      // In Ada's family: Omar stays, Layla took part and left.
      memberJoined(ada.groups.family, ids.omar!),
      memberJoined(ada.groups.family, ids.layla!),
      chats(familyTopic, ada.groups.family, ids.omar!),
      chats(familyTopic, ada.groups.family, ids.layla!),
      memberLeft(ada.groups.family, ids.layla!, 'left', ids.layla!),
      topicDeleted(deleted, ISLAM, ada.id),
      { type: 'AccountErased', streamId: userStream(ids.erased!), data: { userId: ids.erased!, erasedBy: ids.erased!, via: 'password' } },
      { type: 'EmailAddressForfeited', streamId: userStream(ids.forfeited!), data: { userId: ids.forfeited!, via: 'password_reset' } },
    );
  });
  afterAll(async () => query.close());

  const participants = (topicId: string, q?: string, as: Member | null = ada) =>
    query.get(`/api/topics/${topicId}/participants${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, as ? { as } : {});
  const names = async (topicId: string, q?: string, as: Member | null = ada) => {
    const answer = await participants(topicId, q, as);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { participants: Array<{ firstName: string; lastName: string }> }).participants.map((p) => `${p.firstName} ${p.lastName}`);
  };

  it('answers the participants whose name has a word starting with q, with their ids and names', async () => {
    const answer = await participants(topic, 'om');
    expect(answer.json()).toEqual({ participants: [{ id: ids.omar, firstName: 'Omar', lastName: 'Farouk' }] });
    expect(await names(topic, 'FAR')).toEqual(['Omar Farouk']);
    expect(await names(topic, 'omar f')).toEqual(['Omar Farouk']);
    // The start of a word, not its middle.
    expect(await names(topic, 'mar')).toEqual([]);
  });

  it('folds case, accents and harakat as the search does, in Arabic script too', async () => {
    expect(await names(topic, 'emile')).toEqual(['Émile Zola']);
    expect(await names(topic, 'ÉMI')).toEqual(['Émile Zola']);
    expect(await names(topic, 'ليل')).toEqual(['ليلى حدّاد']);
    expect(await names(topic, 'حداد')).toEqual(['ليلى حدّاد']);
  });

  it('takes % and _ as letters', async () => {
    expect(await names(topic, 'per%')).toEqual(['Per%cy Under_score']);
    expect(await names(topic, '%')).toEqual([]);
    expect(await names(topic, 'under_')).toEqual(['Per%cy Under_score']);
    expect(await names(topic, 'o_ar')).toEqual([]);
  });

  it('without q (or a blank one) answers the first 10 by name; never the caller, an erased, forfeited or nameless member, nor one who never took part', async () => {
    // By folded name: Émile as emile, before Omar.
    const first = [
      'Émile Zola',
      'Omar Farouk',
      'Per%cy Under_score',
      'Zed0 Many',
      'Zed1 Many',
      'Zed2 Many',
      'Zed3 Many',
      'Zed4 Many',
      'Zed5 Many',
      'Zed6 Many',
    ];
    expect(await names(topic)).toEqual(first);
    expect(await names(topic, '  ')).toEqual(first);
    expect(await names(topic, 'zed')).toHaveLength(10);
    for (const gone of ['erin', 'fay', 'ada', 'bystander', 'outsider']) expect(await names(topic, gone)).toEqual([]);
    // The caller sees the others, Ada among them.
    expect(await names(topic, 'ad', outsider)).toEqual(['Ada Tester']);
  });

  it('in a personal group offers its members only', async () => {
    expect(await names(familyTopic)).toEqual(['Omar Farouk']);
  });

  it('answers 404 for a topic the caller may not see, a deleted or missing one; 401 signed out', async () => {
    for (const missing of [deleted, newId(), 'not-a-topic']) expect((await participants(missing)).json()).toEqual({ message: 'Topic not found' });
    expect((await participants(familyTopic, undefined, outsider)).statusCode).toBe(404);
    expect((await participants(topic, 'om', null)).statusCode).toBe(401);
  });

  it('refuses a q too long or with control characters, 400 with the rule\u2019s words', async () => {
    expect((await participants(topic, 'x'.repeat(101))).json()).toEqual({ message: 'Name must be at most 100 characters' });
    expect((await participants(topic, 'x'.repeat(100))).statusCode).toBe(200);
    for (const odd of ['om\u0000', '\u0007', 'om\u202E']) {
      const answer = await participants(topic, odd);
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 400, body: { message: 'Name contains characters that are not allowed' } });
    }
  });
});
