import { randomUUID } from 'node:crypto';
import { chatStream, type NewEvent } from '@civitas/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFreshReadModels, projections, readModelDigest, type Projection } from '../src/index';
import { eventually } from '../../test-support/eventually';
import { leaderElected } from './election-events';
import { createProjectorFixture, type ProjectorFixture } from './fixture';
import { groupCreated, memberJoined, memberLeft, personalGroupCreated, quorumSet, type StreamEvent } from './spec-events';

const SET_BASED = ['groups', 'chat'];
const chosen = projections.filter((projection) => SET_BASED.includes(projection.name));
/** The same projections without their statements: what the per-event path builds. */
const perEvent: Projection[] = chosen.map(({ setBasedRebuild: _statement, ...projection }) => projection);

describe('set-based rebuilds', () => {
  let fixture: ProjectorFixture;
  beforeAll(async () => {
    fixture = await createProjectorFixture();
  });
  afterAll(async () => fixture.close());

  let second = 0;
  const time = () => new Date(Date.UTC(2026, 2, 1, 10, 0, (second += 1))).toISOString();
  const append = async (events: ReadonlyArray<StreamEvent>, metadata: { time?: string; schemaVersion?: number } = {}) => {
    let last = '';
    for (const event of events) {
      const stored: NewEvent = { id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: 1, time: time(), ...metadata } };
      last = (await fixture.store.append(event.streamId, [stored], 'any')).position;
    }
    // Both builds must see every event: on a shared server another database's open transaction delays visibility.
    expect(
      await eventually(
        () => fixture.store.headPosition(),
        (head) => head === last,
      ),
    ).toBe(last);
  };
  const build = async (projectionsToBuild: readonly Projection[]) => {
    const fresh = await buildFreshReadModels({
      store: fixture.store,
      db: fixture.db,
      registry: fixture.registry,
      projections: projectionsToBuild,
      batchSize: 7,
    });
    const digest = await readModelDigest(fixture.db, fresh.schema);
    await sql`drop schema ${sql.id(fresh.schema)} cascade`.execute(fixture.db);
    return { digest, setBased: fresh.setBased, events: fresh.events };
  };
  const chat = (topicId: string, groupId: number, userId: string, message: string): StreamEvent => ({
    type: 'ChatMessagePosted',
    streamId: chatStream(topicId, userId),
    data: { messageId: randomUUID(), topicId, groupId, userId, message },
  });

  it('leave exactly the rows folding every event in order leaves, and read through Node only what they fold', async () => {
    const [owner, friend, colleague] = [randomUUID(), randomUUID(), randomUUID()];
    const topic = randomUUID();
    await append(Array.from({ length: 20 }, (_, index) => groupCreated(index + 1)));
    await append([personalGroupCreated(10_000, 'friends', owner), memberJoined(10_000, owner, 'owner'), memberJoined(10_000, friend)]);
    await append(Array.from({ length: 12 }, (_, index) => chat(topic, 1, index % 2 ? owner : friend, `message ${index} ✓ "quoted"`)));
    await append([memberLeft(10_000, friend, 'cut', owner), leaderElected(1, owner, randomUUID()), leaderElected(1, colleague, randomUUID(), owner)]);
    // Quorums are folded after the statement's rows: a later setting of the same type stands.
    await append([quorumSet(10_000, 'law_amendment', 25, owner), quorumSet(1, 'election', 5, colleague), quorumSet(10_000, 'law_amendment', 30, owner)]);
    // Created after memberships of other groups, and one message with no command time (stored time instead).
    await append([personalGroupCreated(10_001, 'business', colleague), memberJoined(10_001, colleague, 'owner'), memberJoined(10_000, friend)]);
    await append([chat(topic, 1, colleague, 'no command time')], { time: undefined });
    // The same group created twice (never by the deciders): the first by position wins either way.
    await append([{ ...groupCreated(5, { name: 'Second' }), streamId: 'group-5-again' }]);

    const folded = await build(perEvent);
    const statement = await build(chosen);
    expect(folded.setBased).toEqual([]);
    expect(statement.setBased).toEqual(SET_BASED);
    expect(statement.digest).toEqual(folded.digest);
    expect(folded.digest.groups).toMatch(/^22:/);
    expect(folded.digest.group_members).toMatch(/^5:/);
    expect(folded.digest.chat_messages).toMatch(/^13:/);
    // Through Node: only the tail after the statements' position, which is nothing here.
    expect(statement.events).toBe(0);
    expect(folded.events).toBeGreaterThan(40);
  });

  it('takes the per-event path for a projection with an event stored at an older schema version', async () => {
    // No upcaster reaches GroupCreated from version 0: the per-event path parks it, the statement cannot know.
    await append([groupCreated(99)], { schemaVersion: 0 });
    const folded = await build(perEvent);
    const statement = await build(chosen);
    expect(statement.setBased).toEqual(['chat']);
    expect(statement.digest).toEqual(folded.digest);
    expect(statement.digest.groups).toMatch(/^22:/);
  });
});
