import { ADMIN_MEMBERS_PAGE_SIZE, userStream } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { newId, roleGranted, userRegistered } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();

describe('GET /api/admin/users: the members an admin manages', () => {
  let query: QueryApp;
  let admin: Member;
  let member: Member;
  const zoe = newId();
  const bjorn = newId();

  beforeAll(async () => {
    query = await startQueryApp();
    [admin, member] = [await query.member('Amal'), await query.member('Reem')];
    const [zoeEmail, zoeFirst, zoeLast] = await query.vault.sealAll(zoe, ['zoe.quinn@example.org', 'Zoë', 'Ångström']);
    const [bjornEmail, bjornFirst, bjornLast] = await query.vault.sealAll(bjorn, ['bjorn@example.net', 'Björn', 'Borg']);
    await query.record(
      roleGranted(admin.id, 'admin'),
      at(minute(100), userRegistered(zoe, { email: zoeEmail, firstName: zoeFirst, lastName: zoeLast })),
      at(minute(101), userRegistered(bjorn, { email: bjornEmail, firstName: bjornFirst, lastName: bjornLast })),
      at(minute(102), { type: 'UserBanned', streamId: userStream(bjorn), data: { userId: bjorn, reason: 'Spam in every topic', bannedBy: admin.id } }),
    );
  });
  afterAll(async () => query.close());

  const list = async (search = '') => (await query.get(`/api/admin/users${search}`, { as: admin })).json();

  it('answers visitors 401 and members 403', async () => {
    expect((await query.get('/api/admin/users')).statusCode).toBe(401);
    const refused = await query.get('/api/admin/users', { as: member });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Admin access required' });
  });

  it('lists members newest first with their roles and ban', async () => {
    const { users, nextCursor } = await list();
    expect(nextCursor).toBeNull();
    expect(users.slice(0, 2)).toEqual([
      {
        id: bjorn,
        name: 'Björn Borg',
        email: 'bjorn@example.net',
        roles: [],
        isBanned: true,
        banReason: 'Spam in every topic',
        bannedAt: minute(102),
        createdAt: minute(101),
      },
      { id: zoe, name: 'Zoë Ångström', email: 'zoe.quinn@example.org', roles: [], isBanned: false, banReason: null, bannedAt: null, createdAt: minute(100) },
    ]);
    expect(users.find((user: { id: string }) => user.id === admin.id)).toMatchObject({ name: 'Amal Tester', roles: ['admin'], isBanned: false });
  });

  it('names a member with one name by their e-mail: first plus last if both exist, else the e-mail (personName)', async () => {
    const hana = newId();
    const [email, first] = await query.vault.sealAll(hana, ['hana.only@example.org', ' Hana ']);
    await query.record(userRegistered(hana, { email, firstName: first, lastName: null }));
    const { users } = await list('?search=hana.only');
    expect(users.map((user: { id: string; name: string }) => [user.id, user.name])).toEqual([[hana, 'hana.only@example.org']]);
  });

  it('finds members by name or e-mail in any case and with or without accents', async () => {
    const ids = async (term: string) => (await list(`?search=${encodeURIComponent(term)}`)).users.map((user: { id: string }) => user.id);
    expect(await ids('zoe')).toEqual([zoe]);
    expect(await ids('ANGSTROM')).toEqual([zoe]);
    expect(await ids('bjorn borg')).toEqual([bjorn]);
    expect(await ids('EXAMPLE.NET')).toEqual([bjorn]);
    // The term's own % and _ are taken literally.
    expect(await ids('%')).toEqual([]);
    expect(await ids('   ')).toHaveLength((await list()).users.length);
  });

  it('pages after the last id of the previous page, and refuses a cursor that is no member', async () => {
    const extra = Array.from({ length: ADMIN_MEMBERS_PAGE_SIZE }, (_, index) =>
      at(minute(200 + index), userRegistered(newId(), { email: `paged.${index}@example.org`, firstName: 'Paged', lastName: String(index) })),
    );
    await query.record(...extra);
    const first = await list('?search=paged');
    expect(first.users).toHaveLength(ADMIN_MEMBERS_PAGE_SIZE);
    expect(first.users[0].name).toBe(`Paged ${ADMIN_MEMBERS_PAGE_SIZE - 1}`);
    expect(first.nextCursor).toBeNull();
    const page = await list();
    expect(page.users).toHaveLength(ADMIN_MEMBERS_PAGE_SIZE);
    expect(page.nextCursor).toBe(page.users.at(-1).id);
    const rest = await list(`?before=${page.nextCursor}`);
    expect(rest.users.map((user: { id: string }) => user.id)).toEqual(expect.arrayContaining([zoe, bjorn, admin.id, member.id]));
    expect(rest.users.some((user: { id: string }) => page.users.some((seen: { id: string }) => seen.id === user.id))).toBe(false);
    for (const cursor of [newId(), 'not-an-id']) {
      const refused = await query.get(`/api/admin/users?before=${cursor}`, { as: admin });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'No such member to page after' });
    }
  });
});
