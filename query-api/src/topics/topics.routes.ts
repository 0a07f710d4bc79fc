import {
  LawView,
  NotFoundError,
  OpinionView,
  TOPIC_NOT_FOUND,
  TopicIdParams,
  TopicStats,
  TopicView,
  GroupTopicView,
  existingId,
  queryText,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { sql } from 'kysely';
import { z } from 'zod';
import { GroupIdParams, TOPIC_READ_MODELS, findVisibleGroup } from '../lib/group-visibility';
import { viewerOf, type ParticipantProfile, type QueryContext } from '../lib/viewer';
import { toTopicView, topicRows, topicVoteCounts } from './topic-views';
import { shownFirstName } from '../lib/person-names';
import { hiddenNotice, seesHiddenContent, shownText } from '../lib/hidden-content';
import { countsFromBallots, openRankedOpinionCounts, type AgainstNoChange } from '../lib/ranked-opinions';

const NO_VIEWER = '00000000-0000-0000-0000-000000000000';
const NO_COUNTS: OpinionTallyAt = { supportCount: 0, opposeCount: 0, weightedSupport: 0, weightedOppose: 0 };

/** A topic the viewer may see: it exists, is not deleted, and its group is visible to them (chat's GET asks it too, through app.ts). */
export async function findVisibleTopic(context: QueryContext, topicId: string, viewer: ParticipantProfile | null) {
  const row = await topicRows(context.readModels).where('t.id', '=', existingId(topicId, TOPIC_NOT_FOUND)).executeTakeFirst();
  if (!row) throw new NotFoundError(TOPIC_NOT_FOUND);
  // A topic in a group the viewer may not see does not exist for them; other failures stay what they are.
  const group = await findVisibleGroup(context, row.group_id, viewer).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError(TOPIC_NOT_FOUND) : error;
  });
  return { row, group };
}

const AsOfQuery = z.object({ asOf: queryText('asOf').optional() });

/** Tallies as they stood at a moment, recomputed from the events (the audit feature's time travel, passed in by app.ts). */
export type TalliesAsOf = (topicId: string, asOf: string) => Promise<{ opinionIds: Set<string>; tallies: Map<string, OpinionTallyAt>; participants: number }>;
export interface OpinionTallyAt {
  supportCount: number;
  opposeCount: number;
  weightedSupport: number;
  weightedOppose: number;
}

export function topicsRoutes(app: ZodRoutes, context: QueryContext, talliesAsOf?: TalliesAsOf): void {
  const { readModels, auth, now } = context;

  app.get(
    '/api/groups/:id/topics',
    {
      // elections, delegation: a law decided among its opinions counts its ballots while open (lib/ranked-opinions.ts).
      config: { access: 'public', readModels: [...TOPIC_READ_MODELS, 'opinions', 'elections', 'delegation'] },
      schema: { tags: ['topics'], summary: 'A group\u2019s topics, newest first', params: GroupIdParams, response: { 200: z.array(GroupTopicView) } },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const group = await findVisibleGroup(context, request.params.id, viewer);
      const rows = await topicRows(readModels)
        .where('t.group_id', '=', group.id)
        .orderBy('t.created_at', 'desc')
        .orderBy('t.created_position', 'desc')
        .limit(500)
        .execute();
      const votes = await topicVoteCounts(
        readModels,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...toTopicView(row, group, viewer, now()), voteCount: votes.get(row.id) ?? 0 }));
    },
  );

  app.get(
    '/api/topics/:id',
    {
      config: { access: 'public', readModels: TOPIC_READ_MODELS },
      schema: { tags: ['topics'], summary: 'One topic', params: TopicIdParams, response: { 200: TopicView } },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const { row, group } = await findVisibleTopic(context, request.params.id, viewer);
      return toTopicView(row, group, viewer, now());
    },
  );

  app.get(
    '/api/topics/:id/stats',
    {
      config: { access: 'public', readModels: [...TOPIC_READ_MODELS, 'opinions', 'delegation', 'elections'] },
      schema: { tags: ['topics'], summary: 'A topic\u2019s numbers', params: TopicIdParams, querystring: AsOfQuery, response: { 200: TopicStats } },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const { row } = await findVisibleTopic(context, request.params.id, viewer);
      if (request.query.asOf !== undefined && talliesAsOf) {
        const then = await talliesAsOf(row.id, request.query.asOf);
        const sum = (pick: (tally: OpinionTallyAt) => number) => [...then.tallies.values()].reduce((total, tally) => total + pick(tally), 0);
        return {
          participants: then.participants,
          totalVotes: sum((t) => t.supportCount + t.opposeCount),
          totalOpinions: then.opinionIds.size,
          support: sum((t) => t.weightedSupport),
          oppose: sum((t) => t.weightedOppose),
        };
      }
      // Support and oppose are the official (weighted) sums; the votes cast are the direct ones.
      const [direct, weighted, participants, ranked] = await Promise.all([
        readModels
          .selectFrom('opinions')
          .select(sql<number>`coalesce(sum(support_count + oppose_count), 0)::int`.as('votes'))
          .where('topic_id', '=', row.id)
          .executeTakeFirstOrThrow(),
        readModels
          .selectFrom('opinions as o')
          .innerJoin('weighted_tallies as w', 'w.subject_id', 'o.id')
          .select([
            sql<number>`coalesce(sum(w.weight) filter (where w.choice = 'support'), 0)::int`.as('support'),
            sql<number>`coalesce(sum(w.weight) filter (where w.choice = 'oppose'), 0)::int`.as('oppose'),
          ])
          .where('o.topic_id', '=', row.id)
          .executeTakeFirstOrThrow(),
        readModels
          .selectFrom('topic_participants')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('topic_id', '=', row.id)
          .executeTakeFirstOrThrow(),
        // A law decided among its opinions, open: its opinions counted from the ballots, the same sums over them.
        countsFromBallots(row) ? openRankedOpinionCounts(readModels, [row.id]) : null,
      ]);
      const sum = (pick: (count: AgainstNoChange) => number) => [...(ranked?.values() ?? [])].reduce((total, count) => total + pick(count), 0);
      return {
        participants: participants.count,
        totalVotes: ranked ? sum((count) => count.supportCount + count.opposeCount) : direct.votes,
        totalOpinions: row.opinion_count,
        support: ranked ? sum((count) => count.weightedSupport) : weighted.support,
        oppose: ranked ? sum((count) => count.weightedOppose) : weighted.oppose,
      };
    },
  );

  app.get(
    '/api/topics/:id/opinions',
    {
      config: { access: 'public', readModels: [...TOPIC_READ_MODELS, 'opinions', 'delegation', 'moderation', 'elections'] },
      schema: {
        tags: ['opinions'],
        summary: 'A topic\u2019s opinions, highest official tally first',
        description:
          'Support and oppose, direct and weighted (delegation applied). On a law amendment or dispute resolution decided among its ' +
          'opinions (method schulze) they are, while it is open, the ranked ballots putting the opinion above / below no change; ' +
          'once closed, the closing tallies. `asOf` recounts the events up to that moment with the tally module.',
        params: TopicIdParams,
        querystring: AsOfQuery,
        response: { 200: z.array(OpinionView) },
      },
    },
    async (request) => {
      const topicId = request.params.id;
      const viewer = await viewerOf(request, auth, readModels);
      // Direct counts are the opinions projection's; the weighted (official) ones the delegation projection's, 0 before any.
      const weightedSupport = sql<number>`coalesce(ws.weight, 0)`;
      const weightedOppose = sql<number>`coalesce(wo.weight, 0)`;
      // Every vote's tally is watched here: the opinions are read beside the visibility check, and only returned if it passes.
      const [{ row: topic }, rows, revealed] = await Promise.all([
        findVisibleTopic(context, topicId, viewer),
        readModels
          .selectFrom('opinions as o')
          .leftJoin('users as u', 'u.id', 'o.user_id')
          // What an admin hid is blank for everyone else, with the reason (docs/decisions.md, Moderation actions).
          .leftJoin('hidden_content as h', (join) => join.on('h.target_type', '=', 'opinion').onRef('h.target_id', '=', 'o.id'))
          .leftJoin('votes as v', (join) => join.onRef('v.opinion_id', '=', 'o.id').on('v.user_id', '=', viewer?.userId ?? NO_VIEWER))
          .leftJoin('weighted_tallies as ws', (join) => join.onRef('ws.subject_id', '=', 'o.id').on('ws.choice', '=', 'support'))
          .leftJoin('weighted_tallies as wo', (join) => join.onRef('wo.subject_id', '=', 'o.id').on('wo.choice', '=', 'oppose'))
          .selectAll('o')
          .select([
            shownFirstName('u'),
            'u.last_name',
            'u.profile_image_url',
            'v.vote_type as my_vote',
            weightedSupport.as('weighted_support'),
            weightedOppose.as('weighted_oppose'),
            'h.reason as hidden_reason',
            'h.hidden_at',
          ])
          .where('o.topic_id', '=', topicId)
          .orderBy(sql`${weightedSupport} - ${weightedOppose}`, 'desc')
          .orderBy('o.created_at')
          .orderBy('o.posted_position')
          .limit(1000)
          .execute(),
        seesHiddenContent(readModels, viewer),
      ]);
      // asOf: the same opinions as they stood then, counted by the tally module from the events.
      const then = request.query.asOf !== undefined && talliesAsOf ? await talliesAsOf(topicId, request.query.asOf) : null;
      // A law decided among its opinions, open: its opinions counted from its ranked ballots (lib/ranked-opinions.ts).
      const ranked = !then && countsFromBallots(topic) ? await openRankedOpinionCounts(readModels, [topic.id]) : null;
      const counted = (tallies: ReadonlyMap<string, OpinionTallyAt>, all: boolean) =>
        rows
          .filter((opinion) => all || tallies.has(opinion.id))
          .map((opinion) => {
            // An opinion posted after the ballots were read has none ranking it yet (all: ranked counts).
            const tally = tallies.get(opinion.id) ?? NO_COUNTS;
            return {
              ...opinion,
              support_count: tally.supportCount,
              oppose_count: tally.opposeCount,
              weighted_support: tally.weightedSupport,
              weighted_oppose: tally.weightedOppose,
            };
          })
          // Highest official tally first; a tie keeps the rows' order (posting order).
          .sort((a, b) => b.weighted_support - b.weighted_oppose - (a.weighted_support - a.weighted_oppose));
      const shown = then ? counted(then.tallies, false) : ranked ? counted(ranked, true) : rows;
      return shown.map((opinion) => ({
        id: opinion.id,
        topicId: opinion.topic_id,
        userId: opinion.user_id,
        content: shownText(opinion.content, opinion.hidden_reason, revealed),
        supportCount: opinion.support_count,
        opposeCount: opinion.oppose_count,
        weightedSupport: opinion.weighted_support,
        weightedOppose: opinion.weighted_oppose,
        voteCount: opinion.weighted_support - opinion.weighted_oppose,
        createdAt: opinion.created_at.toISOString(),
        updatedAt: opinion.updated_at.toISOString(),
        user: { firstName: opinion.first_name, lastName: opinion.last_name, profileImageUrl: opinion.profile_image_url },
        myVote: opinion.my_vote ?? null,
        hidden: hiddenNotice(opinion.hidden_reason, opinion.hidden_at),
      }));
    },
  );

  app.get(
    '/api/laws/:id',
    {
      config: { access: 'public', readModels: [...TOPIC_READ_MODELS, 'opinions', 'moderation'] },
      schema: { tags: ['topics'], summary: 'The laws a group enacted, newest first', params: GroupIdParams, response: { 200: z.array(LawView) } },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const [group, revealed] = await Promise.all([findVisibleGroup(context, request.params.id, viewer), seesHiddenContent(readModels, viewer)]);
      const rows = await readModels
        .selectFrom('laws as l')
        .innerJoin('topics as t', 't.id', 'l.topic_id')
        .innerJoin('opinions as o', 'o.id', 'l.opinion_id')
        .leftJoin('users as u', 'u.id', 'l.proposer_id')
        // A law enacted from an opinion an admin later hid reads as the opinion does: blank, with the reason.
        .leftJoin('hidden_content as h', (join) => join.on('h.target_type', '=', 'opinion').onRef('h.target_id', '=', 'l.opinion_id'))
        .select([
          'h.reason as hidden_reason',
          'h.hidden_at',
          'l.topic_id',
          'l.opinion_id',
          'l.type',
          'l.weighted_support',
          'l.weighted_oppose',
          'l.enacted_at',
          't.title',
          't.method',
          'o.content',
          shownFirstName('u'),
          'u.last_name',
          'u.profile_image_url',
        ])
        .where('l.group_id', '=', group.id)
        .orderBy('l.enacted_at', 'desc')
        .orderBy('l.topic_id')
        .execute();
      return rows.map((law) => ({
        id: law.topic_id,
        topicId: law.topic_id,
        opinionId: law.opinion_id,
        content: shownText(law.content, law.hidden_reason, revealed),
        voteCount: law.weighted_support - law.weighted_oppose,
        weightedSupport: law.weighted_support,
        weightedOppose: law.weighted_oppose,
        createdAt: law.enacted_at.toISOString(),
        topic: { id: law.topic_id, type: law.type, title: law.title },
        user: { firstName: law.first_name, lastName: law.last_name, profileImageUrl: law.profile_image_url },
        hidden: hiddenNotice(law.hidden_reason, law.hidden_at),
        method: law.method === 'schulze' ? ('schulze' as const) : null,
      }));
    },
  );
}
