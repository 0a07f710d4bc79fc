import { CATALOGUE, SEARCH_TEXT_NOT_ALLOWED, SEARCH_TEXT_TOO_LONG, SEARCH_TEXT_TOO_SHORT, contentModerationStream, userStream } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCreated, lawEnacted, newId, opinionPosted, roleGranted, topicClosed, topicCreated, topicDeleted } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const SAUDI_ARABIA = 1682;
const ISLAM = 2;
const catalogue = (groupId: number) =>
  groupCreated(
    groupId,
    CATALOGUE.find((group) => group.groupId === groupId)!,
  );
const search = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;

describe('GET /api/search', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  const publicTopic = newId();
  const familyTopic = newId();
  const deletedTopic = newId();
  const shown = newId();
  const hidden = newId();
  const lawTopic = newId();
  const law = newId();

  beforeAll(async () => {
    query = await startQueryApp();
    ada = await query.member('Ada');
    grace = await query.member('Grace');
    const admin = await query.member('Hind');
    await query.record(
      catalogue(SAUDI_ARABIA),
      catalogue(ISLAM),
      topicCreated(publicTopic, SAUDI_ARABIA, ada.id, { title: 'Public transport in Riyadh', description: 'Buses, metro and النقل العام' }),
      topicCreated(familyTopic, ada.groups.family, ada.id, { title: 'Family transport plans', description: 'Who drives on Friday' }),
      topicCreated(deletedTopic, SAUDI_ARABIA, ada.id, { title: 'Transport draft', description: '' }),
      opinionPosted(shown, publicTopic, SAUDI_ARABIA, grace.id, 'More buses at night, مزيد من الحافلات'),
      opinionPosted(hidden, publicTopic, SAUDI_ARABIA, grace.id, 'Buses secretkeyword everywhere'),
      topicDeleted(deletedTopic, SAUDI_ARABIA, ada.id),
      topicCreated(lawTopic, ISLAM, ada.id, { title: 'Zakat rules', description: 'Amendment', type: 'law_amendment' }),
      opinionPosted(law, lawTopic, ISLAM, ada.id, 'Zakat is paid on savings held a full year'),
      topicClosed(lawTopic, ISLAM, '2026-03-05T10:00:00.000Z'),
      lawEnacted(lawTopic, ISLAM, law, ada.id, '2026-03-05T10:00:00.000Z'),
      roleGranted(admin.id, 'admin'),
      {
        type: 'ContentHidden',
        streamId: contentModerationStream('opinion', hidden),
        data: { targetType: 'opinion', targetId: hidden, topicId: publicTopic, authorId: grace.id, reportId: newId(), reason: 'Spam.', hiddenBy: admin.id },
      },
    );
  });
  afterAll(async () => query.close());

  it('answers sections, ranked, with the matched words as ranges of plain text', async () => {
    const response = await query.get(search('transport riyadh'), { as: grace });
    expect(response.statusCode).toBe(200);
    const reply = response.json();
    expect(reply.topics).toEqual([
      {
        id: publicTopic,
        groupId: SAUDI_ARABIA,
        groupName: 'Saudi Arabia',
        title: {
          text: 'Public transport in Riyadh',
          matches: [
            [7, 16],
            [20, 26],
          ],
        },
        excerpt: { text: 'Buses, metro and النقل العام', matches: [] },
      },
    ]);
    expect(reply.groups).toEqual([]);
  });

  it('finds Arabic by word prefix, and English partial words, in opinions', async () => {
    const reply = (await query.get(search('الحافل'), { as: grace })).json();
    expect(reply.opinions).toEqual([
      {
        id: shown,
        topicId: publicTopic,
        topicTitle: 'Public transport in Riyadh',
        excerpt: { text: 'More buses at night, مزيد من الحافلات', matches: [[29, 37]] },
      },
    ]);
    const partial = (await query.get(search('BUS'), { as: grace })).json();
    expect(partial.opinions.map((hit: { id: string }) => hit.id)).toEqual([shown]);
  });

  it('never finds a private group’s topic for a non-member, nor a deleted topic', async () => {
    const ids = async (as: Member) => (await query.get(search('transport'), { as })).json().topics.map((hit: { id: string }) => hit.id);
    expect(await ids(grace)).toEqual([publicTopic]);
    expect((await ids(ada)).sort()).toEqual([publicTopic, familyTopic].sort());
  });

  it('never finds an opinion an admin hid, by its text, for anyone', async () => {
    const reply = (await query.get(search('secretkeyword'), { as: grace })).json();
    expect(reply.opinions).toEqual([]);
  });

  it('answers an enacted law in its own section, not among opinions', async () => {
    const reply = (await query.get(search('zakat savings'), { as: grace })).json();
    expect(reply.laws).toEqual([
      {
        topicId: lawTopic,
        groupId: ISLAM,
        topicTitle: 'Zakat rules',
        excerpt: {
          text: 'Zakat is paid on savings held a full year',
          matches: [
            [0, 5],
            [17, 24],
          ],
        },
      },
    ]);
    expect(reply.opinions).toEqual([]);
  });

  it('finds members by name, folded and partial, never the searcher and never an erased member', async () => {
    const erin = await query.member('Erína');
    const names = async (q: string, as: Member = ada) =>
      (await query.get(search(q), { as })).json().members.map((hit: { name: { text: string } }) => hit.name.text);
    expect(await names('erina tes')).toEqual(['Erína Tester']);
    expect(await names('grac')).toEqual(['Grace Tester']);
    expect(await names('ada', ada)).toEqual([]);
    await query.vault.erase(erin.id);
    await query.record({ type: 'AccountErased', streamId: userStream(erin.id), data: { userId: erin.id, erasedBy: erin.id, via: 'password' } });
    expect(await names('erina')).toEqual([]);
  });

  it('shows visitors the catalogue only: no topics, opinions, laws or members', async () => {
    const reply = (await query.get(search('saudi'))).json();
    expect(reply.groups.map((hit: { id: number; name: { matches: unknown } }) => [hit.id, hit.name.matches])).toEqual([[SAUDI_ARABIA, [[0, 5]]]]);
    const members = (await query.get(search('grace'))).json();
    expect([members.topics, members.opinions, members.laws, members.members]).toEqual([[], [], [], []]);
  });

  it('refuses blank, too long and control characters with a 400 and a message', async () => {
    for (const [q, message] of [
      ['', SEARCH_TEXT_TOO_SHORT],
      ['   ', SEARCH_TEXT_TOO_SHORT],
      [' a ', SEARCH_TEXT_TOO_SHORT],
      ['x'.repeat(101), SEARCH_TEXT_TOO_LONG],
      ['bus\u0000es', SEARCH_TEXT_NOT_ALLOWED],
      ['bus\nes', SEARCH_TEXT_NOT_ALLOWED],
      ['bus\u202Ees', SEARCH_TEXT_NOT_ALLOWED],
    ]) {
      const response = await query.get(search(q!), { as: ada });
      expect(response.statusCode, JSON.stringify(q)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await query.get('/api/search')).json()).toEqual({ message: SEARCH_TEXT_TOO_SHORT });
    expect((await query.get(search('x'.repeat(100)), { as: ada })).statusCode).toBe(200);
    // Punctuation only: nothing to find, not an error (and no tsquery syntax reaches PostgreSQL).
    expect((await query.get(search("'&|!:*"), { as: ada })).json().topics).toEqual([]);
  });

  it('is documented in OpenAPI with its query parameter', async () => {
    const docs = (await query.get('/api/docs/json')).json();
    const operation = docs.paths['/api/search'].get;
    expect(operation.tags).toEqual(['search']);
    expect(operation.parameters.map((parameter: { name: string; in: string }) => `${parameter.in} ${parameter.name}`)).toEqual(['query q']);
  });
});
