import { CATALOGUE, GROUP_NOT_FOUND, NO_MEMBER_LIST } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { groupCreated, memberJoined, memberLeft } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const ISLAM = 2;

describe('GET /api/groups/<id>/members', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  let alan: Member;
  let outsider: Member;
  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(
      at(
        '2026-03-01T09:00:00.000Z',
        groupCreated(
          ISLAM,
          CATALOGUE.find((group) => group.groupId === ISLAM)!,
        ),
      ),
    );
    ada = await query.member('Ada');
    grace = await query.member('Grace');
    alan = await query.member('Alan');
    outsider = await query.member('Olga');
    // Grace joins Ada's family and leads it; Alan joined and was cut.
    await query.record(
      at('2026-03-02T09:00:00.000Z', memberJoined(ada.groups.family, grace.id, 'member', true)),
      at('2026-03-03T09:00:00.000Z', memberJoined(ada.groups.family, alan.id)),
      memberLeft(ada.groups.family, alan.id, 'cut', ada.id),
    );
  });
  afterAll(async () => query.close());

  it('lists the active members to a member: the owner first, with name, picture and role', async () => {
    for (const as of [ada, grace]) {
      const answer = await query.get(`/api/groups/${ada.groups.family}/members`, { as });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual([
        expect.objectContaining({ userId: ada.id, firstName: 'Ada', role: 'owner', isLeader: false, profileImageUrl: null }),
        expect.objectContaining({ userId: grace.id, firstName: 'Grace', role: 'member', isLeader: true }),
      ]);
    }
    // Group 1 is the viewer's own family.
    expect((await query.get('/api/groups/1/members', { as: ada })).json()).toHaveLength(2);
  });

  it('is no one else\u2019s: 401 signed out, the 404 of a missing group to others and to the cut', async () => {
    const url = `/api/groups/${ada.groups.family}/members`;
    expect((await query.get(url)).statusCode).toBe(401);
    for (const as of [outsider, alan]) {
      const answer = await query.get(url, { as });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: GROUP_NOT_FOUND });
    }
    expect((await query.get('/api/groups/99999/members', { as: ada })).statusCode).toBe(404);
    expect((await query.get('/api/groups/abc/members', { as: ada })).statusCode).toBe(404);
  });

  it('open groups have no member list', async () => {
    const answer = await query.get(`/api/groups/${ISLAM}/members`, { as: ada });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: NO_MEMBER_LIST });
  });
});
