import { CATALOGUE, DEFAULT_QUORUM_PERCENT, GROUP_NOT_FOUND, type GroupQuorumView } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderElected } from '../../projector/test/election-events';
import { at } from '../../projector/test/projection-spec';
import { groupCreated, memberJoined, newId, quorumSet } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const ISLAM = 2;
const T = (day: number, minute = 0) => new Date(Date.UTC(2026, 2, day, 10, minute)).toISOString();
const DEFAULTS = { law_amendment: 10, dispute_resolution: 10, election: 0 };

/** GET /api/groups/<id>/quorum (issue #34 item 3): each deciding type's quorum, the leaders' or the default, and who may set them. */
describe('GET /api/groups/<id>/quorum', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  let linus: Member;
  let olga: Member;
  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(
      at(
        T(1),
        groupCreated(
          ISLAM,
          CATALOGUE.find((group) => group.groupId === ISLAM)!,
        ),
      ),
    );
    [ada, grace, linus, olga] = [await query.member('Ada'), await query.member('Grace'), await query.member('Linus'), await query.member('Olga')];
    // Grace leads Ada's family (a member with isLeader); Linus is a plain member. Linus leads Islam.
    await query.record(
      at(T(2), memberJoined(ada.groups.family, grace.id, 'member', true)),
      at(T(2), memberJoined(ada.groups.family, linus.id)),
      at(T(2), leaderElected(ISLAM, linus.id, newId())),
    );
  });
  afterAll(async () => query?.close());

  const quorumOf = async (groupId: number | string, as?: Member) => {
    const answer = await query.get(`/api/groups/${groupId}/quorum`, { as });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as GroupQuorumView;
  };

  it('answers the defaults until the leaders set any, and lets the owner and a leader set them, not a plain member', async () => {
    const family = ada.groups.family;
    expect(await quorumOf(family, ada)).toEqual({ groupId: family, quorums: DEFAULTS, defaults: DEFAULTS, canSet: true });
    expect(DEFAULTS).toEqual(DEFAULT_QUORUM_PERCENT);
    expect(await quorumOf(family, grace)).toMatchObject({ quorums: DEFAULTS, canSet: true });
    expect(await quorumOf(family, linus)).toMatchObject({ quorums: DEFAULTS, canSet: false });
    // Group 1 is the reader's own family.
    expect(await quorumOf(1, ada)).toMatchObject({ groupId: family, canSet: true });
  });

  it('answers what the leaders set, the last setting of each type, the other types at their default', async () => {
    const friends = ada.groups.friends;
    await query.record(
      at(T(3), quorumSet(friends, 'law_amendment', 25, ada.id)),
      at(T(3, 1), quorumSet(friends, 'election', 5, ada.id)),
      at(T(3, 2), quorumSet(friends, 'law_amendment', 0, ada.id)),
    );
    expect(await quorumOf(friends, ada)).toEqual({
      groupId: friends,
      quorums: { law_amendment: 0, dispute_resolution: 10, election: 5 },
      defaults: DEFAULTS,
      canSet: true,
    });
  });

  it('shows an open group to anyone; only its leader may set it', async () => {
    expect(await quorumOf(ISLAM)).toEqual({ groupId: ISLAM, quorums: DEFAULTS, defaults: DEFAULTS, canSet: false });
    expect(await quorumOf(ISLAM, olga)).toMatchObject({ canSet: false });
    expect(await quorumOf(ISLAM, linus)).toMatchObject({ canSet: true });
  });

  it('answers a leader\u2019s own setting at once with only the session cookie: the read waits for the session\u2019s last write', async () => {
    const business = olga.groups.business;
    // As command-api does: the event appended, the session told its position; the read sends no header.
    const position = await query.append(at(T(4), quorumSet(business, 'dispute_resolution', 40, olga.id)));
    await query.auth.sessions.notePosition(olga.cookie.split('=')[1]!, position);
    expect((await quorumOf(business, olga)).quorums).toEqual({ ...DEFAULTS, dispute_resolution: 40 });
  });

  it('is the 404 of a missing group for a personal group to anyone but its members, an unknown or malformed id', async () => {
    for (const as of [olga, undefined]) {
      const answer = await query.get(`/api/groups/${ada.groups.family}/quorum`, { as });
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 404, body: { message: GROUP_NOT_FOUND } });
    }
    for (const id of ['99999', 'abc', '0']) expect((await query.get(`/api/groups/${id}/quorum`, { as: ada })).statusCode).toBe(404);
  });
});
