import {
  AUDIT_TOPICS_PAGE_SIZE,
  AuditTopicsPage,
  AuditTopicsQuery,
  NotFoundError,
  TOPIC_HISTORY_PAGE_SIZE,
  TOPIC_NOT_FOUND,
  TimelineQuery,
  TopicHistoryPage,
  TopicIdParams,
  TopicHistoryQuery,
  TopicTimeline,
  UNKNOWN_TOPICS_CURSOR,
  ValidationError,
  createEventRegistry,
  authorScope,
  historyPseudonym,
  isPosition,
  personName,
  topicScope,
  type AuditTopicView,
  type EventStore,
  type TopicTallyState,
} from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { cachedLeafBlinder } from '@civitas/service-kit/merkle-store';
import type { PlatformDatabase } from '@civitas/service-kit';
import { sql, type Kysely } from 'kysely';
import { viewerOf, type ParticipantProfile, type QueryContext } from '../lib/viewer';
import { auditableGroupIds, mayAuditTopic } from './personal-group-audits';
import { historyEntries } from './topic-history';
import { readTopicLog } from './topic-log';
import { topicTimeline } from './topic-timeline';

/** The topic read's own visibility check (the topics feature's, handed in by app.ts): 404 for a topic the viewer may not see. */
export type FindVisibleTopic = (context: QueryContext, topicId: string, viewer: ParticipantProfile | null) => Promise<unknown>;

interface AuditTopicsContext extends QueryContext {
  db: Kysely<PlatformDatabase>;
  store: EventStore;
  findVisibleTopic: FindVisibleTopic;
}

/** How long an opinion's label on the timeline runs. */
const EXCERPT = 80;

const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}\u2026` : text);

/** Topics with their group and published result: a law from `laws`, a winner's candidacy and weight from the elections and delegation read models. */
const auditTopicRows = (readModels: Kysely<ReadModels>) =>
  readModels
    .selectFrom('topics as t')
    .innerJoin('groups as g', 'g.id', 't.group_id')
    .leftJoin('laws as l', 'l.topic_id', 't.id')
    .leftJoin('candidates as c', (join) => join.onRef('c.topic_id', '=', 't.id').onRef('c.user_id', '=', 't.winner_id'))
    .leftJoin('weighted_tallies as w', (join) => join.onRef('w.subject_id', '=', 't.id').on(sql`w.choice`, '=', sql`c.id::text`))
    .select([
      't.id',
      't.title',
      't.type',
      't.group_id',
      'g.name as group_name',
      't.status',
      't.created_at',
      't.expires_at',
      't.closed_at',
      't.created_position',
      'l.opinion_id as law_opinion_id',
      'l.weighted_support as law_support',
      'c.id as winner_candidate_id',
      sql<number | null>`w.weight`.as('winner_weight'),
    ]);
type AuditTopicRow = Awaited<ReturnType<ReturnType<typeof auditTopicRows>['execute']>>[number];

function toAuditTopic(row: AuditTopicRow): AuditTopicView {
  const none = { opinionId: null, winnerId: null, weightedSupport: null };
  const result: AuditTopicView['result'] =
    row.status === 'active'
      ? { kind: 'pending', ...none }
      : row.status === 'closed' && row.law_opinion_id
        ? { kind: 'law_enacted', opinionId: row.law_opinion_id, winnerId: null, weightedSupport: row.law_support }
        : row.status === 'closed' && row.winner_candidate_id
          ? { kind: 'winner', opinionId: null, winnerId: row.winner_candidate_id, weightedSupport: row.winner_weight ?? 0 }
          : { kind: 'none', ...none };
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    groupId: row.group_id,
    groupName: row.group_name,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    result,
  };
}

/**
 * The auditor's topic reads (issue #15 items 2 and 3): every topic with its result, a topic's
 * history under per-topic pseudonyms (auditors and admins), and the timeline of its top tallies
 * (anyone who may see the topic). History and timeline fold the topic's events with the tally module.
 */
export function auditTopicsRoutes(app: ZodRoutes, context: AuditTopicsContext): void {
  const { readModels, auth, db, store, now } = context;
  const registry = createEventRegistry();
  const blinder = cachedLeafBlinder(db);

  app.get(
    '/api/audit/topics',
    {
      config: { access: 'auditor', readModels: ['topics', 'groups', 'elections', 'delegation', 'users'] },
      schema: {
        tags: ['audit'],
        summary: 'Every topic and election with its result, newest first, 20 a page; `before` is the previous page\u2019s nextCursor (auditors, admins)',
        querystring: AuditTopicsQuery,
        response: { 200: AuditTopicsPage },
      },
    },
    async (request): Promise<AuditTopicsPage> => {
      const { before } = request.query;
      if (before !== undefined && !isPosition(before)) throw new ValidationError(UNKNOWN_TOPICS_CURSOR);
      const viewerId = memberOf(request);
      let query = auditTopicRows(readModels).where('t.group_id', 'in', auditableGroupIds(readModels, viewerId));
      // Newest first by where TopicCreated stands in the log: one total order, so the cursor never skips or repeats.
      if (before) query = query.where('t.created_position', '<', before);
      const rows = await query
        .orderBy('t.created_position', 'desc')
        .limit(AUDIT_TOPICS_PAGE_SIZE + 1)
        .execute();
      const page = rows.slice(0, AUDIT_TOPICS_PAGE_SIZE);
      return { topics: page.map(toAuditTopic), nextCursor: rows.length > AUDIT_TOPICS_PAGE_SIZE ? page.at(-1)!.created_position : null };
    },
  );

  app.get(
    '/api/audit/topics/:id/history',
    {
      config: { access: 'auditor', readModels: ['topics', 'groups', 'users'] },
      schema: {
        tags: ['audit'],
        summary:
          'What bears on a topic\u2019s outcome, oldest first, 100 a page, members as per-topic pseudonyms; `before` is the previous page\u2019s nextCursor (auditors, admins)',
        params: TopicIdParams,
        querystring: TopicHistoryQuery,
        response: { 200: TopicHistoryPage },
      },
    },
    async (request): Promise<TopicHistoryPage> => {
      const topicId = request.params.id;
      const { before, kind } = request.query;
      if (before !== undefined && !isPosition(before)) throw new ValidationError(UNKNOWN_TOPICS_CURSOR);
      const viewerId = memberOf(request);
      if (!(await mayAuditTopic(readModels, viewerId, topicId))) throw new NotFoundError(TOPIC_NOT_FOUND);
      const events = await readTopicLog(store, registry, topicId);
      if (events.length === 0) throw new NotFoundError(TOPIC_NOT_FOUND);
      // The leaf's own blinding in the topic's scope, shortened: an auditor finds the member in the export by it.
      const blind = await blinder();
      const entries = historyEntries(topicId, events, {
        pseudonym: (userId, as) => historyPseudonym(blind(as === 'author' ? authorScope(topicId) : topicScope(topicId), userId)),
        viewerId,
      }).filter((entry) => (!kind || entry.kind === kind) && (!before || entry.position > before));
      const page = entries.slice(0, TOPIC_HISTORY_PAGE_SIZE);
      return { entries: page, nextCursor: entries.length > TOPIC_HISTORY_PAGE_SIZE ? page.at(-1)!.position : null };
    },
  );

  app.get(
    '/api/audit/topics/:id/timeline',
    {
      config: { access: 'public', readModels: ['topics', 'groups', 'users', 'user_verifications', 'participation', 'elections'] },
      schema: {
        tags: ['audit'],
        summary: 'Weighted support and oppose of the top five opinions (or candidates), sampled evenly over the topic\u2019s life (whoever may see the topic)',
        params: TopicIdParams,
        querystring: TimelineQuery,
        response: { 200: TopicTimeline },
      },
    },
    async (request): Promise<TopicTimeline> => {
      const topicId = request.params.id;
      await context.findVisibleTopic(context, topicId, await viewerOf(request, auth, readModels));
      const [events, names] = await Promise.all([readTopicLog(store, registry, topicId), candidateNames(readModels, topicId)]);
      const labelOf = (state: TopicTallyState, id: string) => {
        const opinion = state.opinions.find((candidate) => candidate.opinionId === id);
        return opinion ? excerpt(opinion.content) : (names.get(id) ?? '');
      };
      const timeline = topicTimeline(topicId, events, { points: request.query.points, now: now(), labelOf });
      if (!timeline) throw new NotFoundError(TOPIC_NOT_FOUND);
      return timeline;
    },
  );
}

/** A candidate's name as the candidates read shows it (an erased member's is 'Deleted member'). */
async function candidateNames(readModels: Kysely<ReadModels>, topicId: string): Promise<Map<string, string>> {
  const rows = await readModels
    .selectFrom('candidates as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'u.first_name', 'u.last_name', 'u.erased_at'])
    .where('c.topic_id', '=', topicId)
    .execute();
  return new Map(rows.map((row) => [row.id, personName({ firstName: row.first_name, lastName: row.last_name, erased: row.erased_at !== null })]));
}
