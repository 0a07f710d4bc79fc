import { isPersonalDepartment, type ChatMessageView, type LiveServerFrame, type Position } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { readCheckpoints, schemaExists, READ_SCHEMA, type ChangeNotice } from '@civitas/service-kit/read-models';
import type { DatabaseOutage } from '@civitas/service-kit/database';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Audience, LiveHub } from './live-hub';
import { reloadGroups } from './memberships';
import { pushNotificationFrames } from './notification-frames';
import { shownFirstName } from '../lib/person-names';

/** Which read models' changed topic ids become which frame (ids of all four are topic ids). */
const TOPIC_FRAMES: ReadonlyArray<{ type: 'opinions' | 'candidates' | 'topicStats'; models: readonly string[] }> = [
  // hidden_content: an admin hid or restored an opinion (or chat message) of the topic.
  { type: 'opinions', models: ['opinions', 'weighted_tallies', 'hidden_content'] },
  { type: 'candidates', models: ['candidates'] },
  // What GET /api/topics/<id>/stats counts: votes and opinions, weighted sums, participants.
  { type: 'topicStats', models: ['opinions', 'weighted_tallies', 'topics', 'topic_participants'] },
];
/** Platform statistics count closed topics and laws. */
const STATS_MODELS = ['topics', 'laws'];
const CHAT_BATCH = 500;

/**
 * Turns the projector's change notices into pushes (reading the read models where the routes do:
 * a replica's, once the watcher has seen it replay the notice). Every process listens to the same notices
 * and reads what they name from the read models, so a message posted through any process reaches
 * the sockets of every process, and only after its projection committed. Notices are handled one
 * at a time in the order they came: the chat rows a notice adds lie after the previous notice's
 * position and up to its own.
 */
export class LiveFanout {
  private queue: Promise<void>;
  /**
   * The chat projection's last notice handled (or its checkpoint at start): chat rows up to here were
   * pushed. Only its own notices move it: another lane's notice (the Merkle log's) may name a later
   * position before chat has committed the rows up to there.
   */
  private since: Position = '';
  /** The platform statistics last seen, to push statsUpdate only when they changed. */
  private stats: string | null = null;

  constructor(
    private readonly readModels: Kysely<ReadModels>,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
    /** Told of connection failures instead of the log: an outage is one line, not one per notice. */
    private readonly outage?: Pick<DatabaseOutage, 'noticed'>,
  ) {
    this.queue = this.start().catch((error: unknown) => {
      if (!this.outage?.noticed(error)) this.log.warn({ err: error }, 'live fan-out could not read where to start');
    });
  }

  /** Queues a notice behind the ones before it. */
  accept(notice: ChangeNotice): void {
    this.queue = this.queue
      .then(() => this.handle(notice))
      .catch((error: unknown) => {
        // A read that failed loses these pushes only: clients refetch when they reconnect or reload.
        if (movesChat(notice) && notice.position > this.since) this.since = notice.position;
        if (!this.outage?.noticed(error)) this.log.warn({ err: error }, 'live fan-out failed for a notice');
      });
  }

  /** Resolves once every notice accepted so far is handled (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  private async start(): Promise<void> {
    if (!(await schemaExists(this.readModels, READ_SCHEMA))) return;
    this.since = (await readCheckpoints(this.readModels)).get(CHAT_PROJECTION) ?? '';
    this.stats = await this.platformStats();
  }

  private async handle(notice: ChangeNotice): Promise<void> {
    if (notice.swapped) {
      // Fresh read models: what they hold up to here was there before, so nothing is pushed again.
      if (movesChat(notice)) this.since = notice.position;
      this.stats = await this.platformStats();
      this.hub.publish(frame({ type: 'statsUpdate', position: notice.position }), null);
      return;
    }
    const { changes, position } = notice;
    const members = changes['group_members'];
    if (members) await this.refreshMembers(members);
    if (movesChat(notice) && position > this.since) {
      const chat = changes['chat_messages'];
      if (chat) await this.pushChat(chat, position);
      this.since = position;
    }
    await pushNotificationFrames(this.readModels, this.hub, changes, position);
    await this.pushTopicFrames(changes, position);
    if (STATS_MODELS.some((model) => changes[model])) await this.pushStatsIfChanged(position);
  }

  /** Membership changed: personal groups' pushes follow the members' groups now. */
  private async refreshMembers(ids: ReadonlyArray<string | number> | 'all'): Promise<void> {
    const clients = ids === 'all' ? [...this.hub.clients] : ids.flatMap((id) => [...this.hub.ofUser(String(id))]);
    if (clients.length > 0) await reloadGroups(this.readModels, clients);
  }

  private async pushChat(topicIds: ReadonlyArray<string | number> | 'all', upTo: Position): Promise<void> {
    let after = this.since;
    for (;;) {
      let query = this.readModels
        .selectFrom('chat_messages as c')
        .innerJoin('groups as g', 'g.id', 'c.group_id')
        .leftJoin('users as u', 'u.id', 'c.user_id')
        .select([
          'c.id',
          'c.topic_id',
          'c.group_id',
          'c.user_id',
          'c.message',
          'c.created_at',
          'c.position',
          'g.department',
          shownFirstName('u'),
          'u.last_name',
          'u.profile_image_url',
        ])
        .where(sql<boolean>`c.position collate "C" > ${after}`)
        .where(sql<boolean>`c.position collate "C" <= ${upTo}`);
      if (topicIds !== 'all') query = query.where('c.topic_id', 'in', topicIds.map(String));
      const rows = await query
        .orderBy(sql`c.position collate "C"`)
        .limit(CHAT_BATCH)
        .execute();
      for (const row of rows) {
        const view: ChatMessageView = {
          id: row.id,
          topicId: row.topic_id,
          userId: row.user_id,
          message: row.message,
          createdAt: row.created_at.toISOString(),
          user: { firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url },
        };
        this.hub.publish(frame({ type: 'chat', data: view, position: row.position }), {
          topicId: row.topic_id,
          groupId: row.group_id,
          personal: isPersonalDepartment(row.department),
        });
      }
      if (rows.length < CHAT_BATCH) return;
      after = rows.at(-1)!.position;
    }
  }

  private async pushTopicFrames(changes: ChangeNotice['changes'], position: Position): Promise<void> {
    // A notice too long to list its ids says 'all': no topic can be named, clients catch up on their next read.
    const named = (models: readonly string[]) =>
      new Set(
        models.flatMap((model) => {
          const ids = changes[model];
          return ids && ids !== 'all' ? ids.map(String) : [];
        }),
      );
    const perFrame = TOPIC_FRAMES.map(({ type, models }) => ({ type, topics: named(models) }));
    const all = [...new Set(perFrame.flatMap(({ topics }) => [...topics]))];
    if (all.length === 0 || this.hub.clients.size === 0) return;
    const audiences = await this.audiencesOf(all);
    for (const { type, topics } of perFrame) {
      for (const topicId of topics) {
        const audience = audiences.get(topicId);
        if (audience) this.hub.publish(frame({ type, data: { topicId }, position }), audience);
      }
    }
  }

  private async audiencesOf(topicIds: string[]): Promise<Map<string, Audience>> {
    const rows = await this.readModels
      .selectFrom('topics as t')
      .innerJoin('groups as g', 'g.id', 't.group_id')
      .select(['t.id', 't.group_id', 'g.department'])
      .where('t.id', 'in', topicIds)
      .execute();
    return new Map(rows.map((row) => [row.id, { topicId: row.id, groupId: row.group_id, personal: isPersonalDepartment(row.department) }]));
  }

  private async pushStatsIfChanged(position: Position): Promise<void> {
    const stats = await this.platformStats();
    const known = this.stats;
    this.stats = stats;
    // Unknown before (the read models did not exist when this process started): now they are the baseline.
    if (known === null || stats === known) return;
    this.hub.publish(frame({ type: 'statsUpdate', position }), null);
  }

  /** What GET /api/platform/stats counts, as one comparable string. */
  private async platformStats(): Promise<string> {
    const result = await sql<{ disputes: number; elections: number; laws: number }>`
      select
        (select count(*) from ${sql.id(READ_SCHEMA, 'topics')} where status = 'closed' and type = 'dispute_resolution')::int as disputes,
        (select count(*) from ${sql.id(READ_SCHEMA, 'topics')} where status = 'closed' and type = 'election')::int as elections,
        (select count(*) from ${sql.id(READ_SCHEMA, 'laws')} where type = 'law_amendment')::int as laws`.execute(this.readModels);
    const row = result.rows[0]!;
    return `${row.disputes}/${row.elections}/${row.laws}`;
  }
}

const frame = (value: LiveServerFrame) => JSON.stringify(value);

const CHAT_PROJECTION = 'chat';
const movesChat = (notice: ChangeNotice) => notice.projections.includes(CHAT_PROJECTION);
