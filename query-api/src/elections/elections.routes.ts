import {
  CandidateView,
  MainElectionView,
  NOT_AN_ELECTION,
  NO_MAIN_ELECTION,
  NotFoundError,
  TOPIC_NOT_FOUND,
  TopicIdParams,
  ValidationError,
  queryText,
  type TopicView,
} from '@civitas/events';
import type { ProjectionName, ReadModelRow, ReadModels } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { GroupIdParams, findVisibleGroup, type GroupRow } from '../lib/group-visibility';
import { viewerOf, type ParticipantProfile, type QueryContext } from '../lib/viewer';
import { shownFirstName } from '../lib/person-names';

/** A topic with its author's names, as the topics feature shows it. */
export type ElectionTopicRow = ReadModelRow<'topics'> & { first_name: string | null; last_name: string | null; profile_image_url: string | null };

/** What elections need of the topics feature (its topic-views.ts, wired in app.ts): a topic shown as everywhere else. */
export interface ElectionTopicViews {
  toTopicView(row: ElectionTopicRow, group: GroupRow, viewer: ParticipantProfile | null, now: Date): TopicView;
}

const ELECTION_READ_MODELS: ProjectionName[] = ['topics', 'groups', 'users', 'user_verifications', 'participation', 'elections'];
const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

const electionTopics = (readModels: Kysely<ReadModels>) =>
  readModels
    .selectFrom('topics as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .selectAll('t')
    .select([shownFirstName('u'), 'u.last_name', 'u.profile_image_url'])
    .where('t.status', '<>', 'deleted');

/** Candidates' counts as they stood at a moment, from the events (the audit feature's time travel, passed in by app.ts). */
export type CandidatesAsOf = (topicId: string, asOf: string) => Promise<Map<string, { directVotes: number; voteCount: number }>>;
const AsOfQuery = z.object({ asOf: queryText('asOf').optional() });

export function electionsRoutes(app: ZodRoutes, context: QueryContext & ElectionTopicViews, candidatesAsOf?: CandidatesAsOf): void {
  const { readModels, auth, now, toTopicView } = context;

  app.get(
    '/api/groups/:id/main-election',
    {
      config: { access: 'public', readModels: ELECTION_READ_MODELS },
      schema: {
        tags: ['elections'],
        summary: 'The group\u2019s newest main election (404 when none), with its winner once declared',
        params: GroupIdParams,
        response: { 200: MainElectionView },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const group = await findVisibleGroup(context, request.params.id, viewer);
      const row = await electionTopics(readModels)
        .where('t.group_id', '=', group.id)
        .where('t.is_main_election', '=', true)
        .orderBy('t.created_at', 'desc')
        .orderBy('t.created_position', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw new NotFoundError(NO_MAIN_ELECTION);
      const [winner, candidates] = await Promise.all([
        row.winner_id
          ? readModels
              .selectFrom('users as u')
              .select(['u.id', shownFirstName('u'), 'u.last_name', 'u.profile_image_url'])
              .where('u.id', '=', row.winner_id)
              .executeTakeFirst()
          : undefined,
        readModels
          .selectFrom('candidates')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('topic_id', '=', row.id)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        ...toTopicView(row, group, viewer, now()),
        // A winner's account always exists; a missing row is the users read model behind, shown by id alone.
        winner: row.winner_id
          ? {
              id: row.winner_id,
              firstName: winner?.first_name ?? null,
              lastName: winner?.last_name ?? null,
              profileImageUrl: winner?.profile_image_url ?? null,
            }
          : null,
        candidateCount: candidates.count,
      };
    },
  );

  app.get(
    '/api/topics/:id/candidates',
    {
      config: { access: 'public', readModels: [...ELECTION_READ_MODELS, 'delegation'] },
      schema: {
        tags: ['elections'],
        summary: 'An election\u2019s candidates, most weighted ballots first',
        params: TopicIdParams,
        querystring: AsOfQuery,
        response: { 200: z.array(CandidateView) },
      },
    },
    async (request) => {
      const topicId = request.params.id;
      const viewer = await viewerOf(request, auth, readModels);
      const topic = await readModels
        .selectFrom('topics')
        .select(['id', 'group_id', 'type'])
        .where('id', '=', topicId)
        .where('status', '<>', 'deleted')
        .executeTakeFirst();
      if (!topic) throw new NotFoundError(TOPIC_NOT_FOUND);
      // A topic in a group the viewer may not see does not exist for them.
      await findVisibleGroup(context, topic.group_id, viewer).catch((error: unknown) => {
        throw error instanceof NotFoundError ? new NotFoundError(TOPIC_NOT_FOUND) : error;
      });
      if (topic.type !== 'election') throw new ValidationError(NOT_AN_ELECTION);
      const rows = await readModels
        .selectFrom('candidates as c')
        .leftJoin('users as u', 'u.id', 'c.user_id')
        // The weighted tally names each candidate by id as its choice (the delegation projection's weighted_tallies).
        .leftJoin('weighted_tallies as w', (join) => join.onRef('w.subject_id', '=', 'c.topic_id').on(sql`w.choice`, '=', sql`c.id::text`))
        .leftJoin('ballots as b', (join) => join.onRef('b.topic_id', '=', 'c.topic_id').on('b.user_id', '=', viewer?.userId ?? NO_VIEWER))
        .selectAll('c')
        .select([
          shownFirstName('u'),
          'u.last_name',
          'u.profile_image_url',
          sql<number>`coalesce(w.weight, 0)::int`.as('vote_count'),
          'b.candidate_id as my_choice',
        ])
        .where('c.topic_id', '=', topicId)
        .orderBy(sql`coalesce(w.weight, 0)`, 'desc')
        .orderBy('c.created_position')
        .execute();
      // asOf: the candidates registered then, counted by the tally module from the events.
      const then = request.query.asOf !== undefined && candidatesAsOf ? await candidatesAsOf(topicId, request.query.asOf) : null;
      const shown = then
        ? rows
            .filter((row) => then.has(row.id))
            .map((row) => ({ ...row, vote_count: then.get(row.id)!.voteCount, direct_votes: then.get(row.id)!.directVotes }))
            .sort((a, b) => b.vote_count - a.vote_count)
        : rows;
      return shown.map((row): CandidateView => {
        const user = { firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url };
        return {
          id: row.id,
          userId: row.user_id,
          groupId: row.group_id,
          topicId: row.topic_id,
          statement: row.statement,
          voteCount: row.vote_count,
          directVotes: row.direct_votes,
          createdAt: row.created_at.toISOString(),
          firstName: user.firstName,
          lastName: user.lastName,
          user,
          isMyChoice: row.my_choice === row.id,
        };
      });
    },
  );
}
