import { randomUUID } from 'node:crypto';
import { PostgresEventStore, createEventRegistry, groupStream, userStream, type Position } from '@civitas/events';
import { expect } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import type { TestServer } from '../../../test-support/test-server';
import type { Member } from '../participation/members';

const registry = createEventRegistry();

/**
 * Appends facts no route of this feature makes (a role granted, an election won) as their own
 * features record them, checked by the registry; the last position.
 */
export async function recordFacts(server: Pick<TestServer, 'databaseUrl'>, facts: Array<{ streamId: string; type: string; data: unknown }>): Promise<Position> {
  const store = new PostgresEventStore({ connectionString: server.databaseUrl, poolSize: 1 });
  try {
    let position = '';
    for (const fact of facts) {
      const { data, schemaVersion } = registry.prepare({ type: fact.type, data: fact.data });
      ({ position } = await store.append(
        fact.streamId,
        [{ id: randomUUID(), type: fact.type, data, metadata: { schemaVersion, time: new Date().toISOString(), actorId: null } }],
        'any',
      ));
    }
    return position;
  } finally {
    await store.close();
  }
}

/** Makes a member an admin (as ADMIN_EMAILS would) and waits until the read side knows. */
export async function makeAdmin(server: TestServer, member: Member): Promise<Member> {
  member.browser.position = await recordFacts(server, [
    { streamId: userStream(member.userId), type: 'UserRoleGranted', data: { userId: member.userId, role: 'admin' } },
  ]);
  const me = await eventually(
    () => member.browser.json('GET', '/api/auth/user'),
    (answer) => answer.body.isAdmin === true,
  );
  expect(me.body.isAdmin).toBe(true);
  return member;
}

/** Makes a member the leader of a group, as a main election's close does, and waits until the read side knows. */
export async function makeLeader(server: TestServer, member: Member, groupId: number): Promise<Member> {
  const electionId = randomUUID();
  member.browser.position = await recordFacts(server, [
    { streamId: groupStream(groupId), type: 'GroupLeaderElected', data: { groupId, userId: member.userId, electionId, previousLeaderId: null } },
    { streamId: userStream(member.userId), type: 'LeadershipTaken', data: { userId: member.userId, groupId, electionId } },
  ]);
  const groups = await eventually(
    () => member.browser.json('GET', '/api/user/groups'),
    (answer) => (answer.body as Array<{ groupId: number; isLeader: boolean }>).some((membership) => membership.groupId === groupId && membership.isLeader),
  );
  expect(groups.status).toBe(200);
  return member;
}
