import { CATALOGUE, chatStream, type ChatMessagePosted } from '@civitas/events';
import type { ReadModels } from '@civitas/projector';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCreated, newId, topicCreated } from '../../../projector/test/spec-events';
import { LiveFanout } from '../../src/live/live-fanout';
import { LIVE_LIMITS, LiveHub } from '../../src/live/live-hub';
import { startQueryApp, type QueryApp } from '../query-app';

const ISLAM = 2;

/** Keeps what would go out instead of sending it. */
class RecordingHub extends LiveHub {
  readonly published: string[] = [];
  override publish(frame: string): void {
    this.published.push(frame);
  }
}

describe('live fan-out of chat messages', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query?.close());

  it("pushes a message although another lane's notice for the same position came first", async () => {
    const ada = await query.member('Ada');
    const topicId = newId();
    await query.record(
      groupCreated(
        ISLAM,
        CATALOGUE.find((group) => group.groupId === ISLAM)!,
      ),
      topicCreated(topicId, ISLAM, ada.id),
    );
    const hub = new RecordingHub(LIVE_LIMITS);
    const fanout = new LiveFanout(query.db.withSchema(READ_SCHEMA) as Kysely<ReadModels>, hub, pino({ level: 'silent' }));
    await fanout.idle();

    const messageId = newId();
    const data: ChatMessagePosted['data'] = { messageId, topicId, groupId: ISLAM, userId: ada.id, message: 'Hello' };
    const position = await query.record({ type: 'ChatMessagePosted', streamId: chatStream(topicId, ada.id), data });
    // The Merkle log's lane commits the same event without chat rows; its notice may arrive first.
    fanout.accept({ position, projections: ['merkle_log'], changes: {} });
    fanout.accept({ position, projections: ['chat'], changes: { chat_messages: [topicId] } });
    await fanout.idle();

    const chat = hub.published.map((frame) => JSON.parse(frame) as { type: string; data: { id: string } }).filter((frame) => frame.type === 'chat');
    expect(chat.map((frame) => frame.data.id)).toEqual([messageId]);
  });
});
