import { READ_MODELS_CHANNEL, type ChangeNotice } from '@civitas/service-kit/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISLAM, SAUDI_ARABIA, newMember, subscribe, topicBody, verify, type Member } from '../../../command-api/test/participation/members';
import { eventually } from '../../../test-support/eventually';
import { openLive, type LiveFrame, type LiveSocket } from '../../../test-support/live-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';

// The `notifications` frame (issue #33 item 2): the projector's change notices name members
// (notification_items, notification_reads) and groups (group_notices); each socket they concern
// gets one frame per notice, through the real watcher, fan-out and sockets.
describe('notifications frames on the live socket', () => {
  let server: TestServer;
  let author: Member;
  let reader: Member;
  let outsider: Member;
  const sockets: LiveSocket[] = [];
  let notices = 0;

  const open = async (member: Member) => {
    const socket = await openLive(server.baseUrl, { cookie: member.browser.cookieHeader, origin: server.baseUrl });
    sockets.push(socket);
    return socket;
  };
  const notificationsAt = (position: string) => (frame: LiveFrame) => frame.type === 'notifications' && frame.position === position;
  const countAt = (socket: LiveSocket, position: string) => socket.frames.filter(notificationsAt(position)).length;

  /**
   * A notice as the projector publishes it, on the same channel; its position is one no event has
   * (and it names no projection, so no read waits on it), to tell its frames from those of real events.
   */
  const notify = async (changes: ChangeNotice['changes']) => {
    notices += 1;
    const position = `~notice-${notices}`;
    const notice: ChangeNotice = { position, projections: [], changes };
    await server.query('select pg_notify($1, $2)', [READ_MODELS_CHANNEL, JSON.stringify(notice)]);
    return position;
  };

  beforeAll(async () => {
    server = await startTestServer();
    author = await newMember(server, 'Layla');
    await subscribe(author, server);
    expect((await verify(author, SAUDI_ARABIA.name, '1077665544')).status).toBe(200);
    reader = await newMember(server, 'Omar');
    expect((await verify(reader, SAUDI_ARABIA.name, '1066554433')).status).toBe(200);
    outsider = await newMember(server, 'Sami');
    // The reader takes part in the national group (an opinion): from then on its notices are theirs too.
    const first = await author.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId));
    expect(first.status).toBe(201);
    const opinion = await reader.browser.json('POST', '/api/opinions', { topicId: first.body.topic.id, content: 'Open the libraries until midnight.' });
    expect(opinion.status).toBe(201);
    const audience = await eventually(
      () => server.query('select 1 from read_model.notification_audiences where group_id = $1 and user_id = $2', [SAUDI_ARABIA.groupId, reader.userId]),
      (rows) => rows.length === 1,
    );
    expect(audience).toHaveLength(1);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await server?.close();
  });

  it("tells the group's audience of a new topic after the projection committed, and no one else", async () => {
    const readerSocket = await open(reader);
    const outsiderSocket = await open(outsider);
    const created = await author.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId, { title: 'Longer library hours in exam weeks' }));
    expect(created.status).toBe(201);
    const isTopicFrame = (frame: LiveFrame) => frame.type === 'notifications' && !frame.position!.startsWith('~') && frame.position! >= created.body.position;
    const frame = await readerSocket.next(isTopicFrame, 15_000);
    expect(frame).toEqual({ type: 'notifications', position: expect.any(String) });
    // What the frame announces is in the read model at its position.
    const notices = await server.query<{ type: string; topic_id: string }>('select type, topic_id from read_model.group_notices where position <= $1', [
      frame.position,
    ]);
    expect(notices).toContainEqual({ type: 'topic_opened', topic_id: created.body.topic.id });

    // Frames reach each socket in order: once the outsider has this one, an earlier one would be there too.
    const fence = await notify({ notification_items: [outsider.userId] });
    await outsiderSocket.next(notificationsAt(fence));
    expect(outsiderSocket.frames.filter(isTopicFrame)).toEqual([]);
  }, 30_000);

  it("sends a member's own changes to each of their sockets once, however many models name them", async () => {
    const first = await open(reader);
    const second = await open(reader);
    const outsiderSocket = await open(outsider);
    // An item for the reader, read marks by them, and a notice of a group they took part in: one frame a socket.
    const position = await notify({
      notification_items: [reader.userId, author.userId],
      notification_reads: [reader.userId],
      group_notices: [SAUDI_ARABIA.groupId],
    });
    const fence = await notify({ notification_reads: [reader.userId, outsider.userId] });
    for (const socket of [first, second, outsiderSocket]) await socket.next(notificationsAt(fence));
    expect([countAt(first, position), countAt(second, position), countAt(outsiderSocket, position)]).toEqual([1, 1, 0]);
  }, 30_000);

  it("reaches the members the feed tells of a group's notices, and no one else", async () => {
    const authorSocket = await open(author);
    const readerSocket = await open(reader);
    const outsiderSocket = await open(outsider);
    const saudi = await notify({ group_notices: [SAUDI_ARABIA.groupId] });
    // Nobody here took part in a religion's group: nobody is told of its notices.
    const islam = await notify({ group_notices: [ISLAM] });
    const fence = await notify({ notification_reads: [author.userId, reader.userId, outsider.userId] });
    for (const socket of [authorSocket, readerSocket, outsiderSocket]) await socket.next(notificationsAt(fence));
    expect([authorSocket, readerSocket, outsiderSocket].map((socket) => [countAt(socket, saudi), countAt(socket, islam)])).toEqual([
      [1, 0],
      [1, 0],
      [0, 0],
    ]);
  }, 30_000);

  it('sends every socket one frame when a notice is too long to name its ids, and none for other read models', async () => {
    const readerSocket = await open(reader);
    const outsiderSocket = await open(outsider);
    const position = await notify({ notification_items: 'all', group_notices: [SAUDI_ARABIA.groupId] });
    const unrelated = await notify({ opinions: 'all', group_members: [] });
    const fence = await notify({ notification_reads: 'all' });
    for (const socket of [readerSocket, outsiderSocket]) await socket.next(notificationsAt(fence));
    expect([readerSocket, outsiderSocket].map((socket) => [countAt(socket, position), countAt(socket, unrelated)])).toEqual([
      [1, 0],
      [1, 0],
    ]);
  }, 30_000);
});
