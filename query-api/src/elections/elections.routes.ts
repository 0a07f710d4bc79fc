import { CandidateView, MainElectionView, NO_MAIN_ELECTION, NotFoundError, TopicIdParams, queryText, type TopicView } from '@civitas/events';
import type { ProjectionName, ReadModelRow, ReadModels } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { GroupIdParams, findVisibleGroup, type GroupRow } from '../lib/group-visibility';
import { viewerOf, type ParticipantProfile, type QueryContext } from '../lib/viewer';
import { shownFirstName } from '../lib/person-names';
import { countElection, myBallot, rankOn } from './election-counts';
import { ELECTION_RESULT_READ_MODELS, electionResultRoute, type ResultWeights, type TopicLogAsOf } from './election-result.routes';
import { findElection } from './election-topic';

/** A topic with its author's names, as the topics feature shows it. */
export type ElectionTopicRow = ReadModelRow<'topics'> & { first_name: string | null; last_name: string | null; profile_image_url: string | null };

/** What elections need of the topics feature (its topic-views.ts, wired in app.ts): a topic shown as everywhere else. */
export interface ElectionTopicViews {
  toTopicView(row: ElectionTopicRow, group: GroupRow, viewer: ParticipantProfile | null, now: Date): TopicView;
}

const ELECTION_READ_MODELS: ProjectionName[] = ['topics', 'groups', 'users', 'user_verifications', 'participation', 'elections'];

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

export function electionsRoutes(
  app: ZodRoutes,
  context: QueryContext & ElectionTopicViews & ResultWeights,
  candidatesAsOf?: CandidatesAsOf,
  topicLogAsOf?: TopicLogAsOf,
): void {
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
      config: { access: 'public', readModels: ELECTION_RESULT_READ_MODELS },
      schema: {
        tags: ['elections'],
        summary: 'An election\u2019s candidates, most weighted ballots first',
        description:
          'Counts by the election\u2019s method: ballots naming a candidate (plurality), its approvals (approval) or its first preferences (Schulze); `voteCount` with delegation applied.',
        params: TopicIdParams,
        querystring: AsOfQuery,
        response: { 200: z.array(CandidateView) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const topic = await findElection(context, request.params.id, viewer);
      const [count, mine] = await Promise.all([
        countElection(readModels, topic.id, { method: topic.method, isFinal: topic.isFinal }),
        myBallot(readModels, topic.id, topic.method, viewer?.userId ?? null),
      ]);
      // asOf: the candidates registered then, counted by the tally module from the events.
      const then = request.query.asOf !== undefined && candidatesAsOf ? await candidatesAsOf(topic.id, request.query.asOf) : null;
      const shown = then
        ? count.candidates
            .filter((row) => then.has(row.id))
            .map((row) => ({ ...row, weightedCount: then.get(row.id)!.voteCount, directCount: then.get(row.id)!.directVotes }))
        : count.candidates;
      // Most weighted first; registration order (the rows' order) breaks ties.
      return shown
        .map((row, order) => ({ row, order }))
        .sort((a, b) => b.row.weightedCount - a.row.weightedCount || a.order - b.order)
        .map(({ row }): CandidateView => {
          const user = { firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url };
          const myRank = rankOn(mine, row.id);
          return {
            id: row.id,
            userId: row.user_id,
            groupId: row.group_id,
            topicId: row.topic_id,
            statement: row.statement,
            voteCount: row.weightedCount,
            directVotes: row.directCount,
            createdAt: row.created_at.toISOString(),
            firstName: user.firstName,
            lastName: user.lastName,
            user,
            // The member's choice: the candidate they chose (plurality), ranked first (Schulze) or approved (approval).
            isMyChoice: myRank === 0,
            myRank,
          };
        });
    },
  );

  electionResultRoute(app, context, topicLogAsOf);
}
