import { CommandBus, ParticipationGate, existingId } from '@civitas/command-api';
import { CastVoteBody, PostgresEventStore, TOPIC_NOT_FOUND, VoteType, createEventRegistry } from '@civitas/events';
import type { Config } from '@civitas/service-kit/config';
import { createKysely } from '@civitas/service-kit/database';
import { createHttpApp, zodRoutes } from '@civitas/service-kit/http-app';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { createSessionAuth } from '@civitas/service-kit/session-auth';
import { sql } from 'kysely';
import { z } from 'zod';

export const CRUD_VOTE_PATH = '/bench/votes';
export const crudTallyPath = (topicId: string) => `/bench/topics/${topicId}/opinions`;

const CrudVoteReply = z.object({ opinionId: z.string(), voteType: VoteType });
const CrudTally = z.array(z.object({ id: z.string(), supportCount: z.number(), opposeCount: z.number(), myVote: VoteType.nullable() }));

export interface CrudVotes {
  url: string;
  close(): Promise<void>;
}

/**
 * The votes figure's baseline: what a plain CRUD service would do for a vote. A Fastify app
 * built like the services (createHttpApp: the same JSON, CSRF and error plumbing) with one
 * POST route that resolves the session with the same SessionAuth from the real sessions table,
 * runs the same eligibility check as the command side (ParticipationGate over the member's and
 * the group's streams, on an event store and bus of its own), then writes the vote with one
 * `INSERT ... ON CONFLICT` into `bench_votes`. Its tally GET reads that table straight back:
 * a CRUD read sees the vote at once, so its staleness is one read. Without `fixed` (the load
 * bench, where members post opinions on many topics) it answers any topic, its opinions read
 * from the `opinions` read-model table as a CRUD app reads its one table of opinions.
 */
export async function startCrudVotes(options: {
  databaseUrl: string;
  config: Config;
  groupId: number;
  fixed?: { topicId: string; opinionIds: readonly string[] };
}): Promise<CrudVotes> {
  const db = createKysely(options.databaseUrl, { applicationName: 'civitas-bench-crud' });
  await sql`
    create table if not exists bench_votes (
      opinion_id uuid not null,
      user_id uuid not null,
      vote_type text not null,
      primary key (opinion_id, user_id)
    )`.execute(db);
  const store = new PostgresEventStore({ connectionString: options.databaseUrl });
  const registry = createEventRegistry();
  const auth = createSessionAuth(db, options.config);
  const gate = new ParticipationGate(new CommandBus(store, registry, () => new Date()));

  const app = await createHttpApp({ title: 'Civitas bench CRUD votes', logLevel: 'silent', healthChecks: {} });
  const routes = zodRoutes(app);
  routes.post(CRUD_VOTE_PATH, { schema: { body: CastVoteBody, response: { 200: CrudVoteReply } } }, async (request) => {
    const userId = await auth.requireUserId(request);
    const opinionId = existingId(request.body.opinionId, 'Opinion not found');
    await gate.requireParticipant(userId, options.groupId);
    await sql`
      insert into bench_votes (opinion_id, user_id, vote_type) values (${opinionId}, ${userId}, ${request.body.voteType})
      on conflict (opinion_id, user_id) do update set vote_type = excluded.vote_type`.execute(db);
    return { opinionId, voteType: request.body.voteType };
  });
  routes.get(crudTallyPath(':id'), { schema: { params: z.object({ id: z.string() }), response: { 200: CrudTally } } }, async (request) => {
    const userId = await auth.requireUserId(request);
    const { fixed } = options;
    if (fixed && request.params.id !== fixed.topicId) return [];
    const opinions = fixed
      ? sql`select id from unnest(${fixed.opinionIds}::uuid[]) as o(id)`
      : sql`select id from ${sql.table(`${READ_SCHEMA}.opinions`)} where topic_id = ${existingId(request.params.id, TOPIC_NOT_FOUND)}`;
    const rows = await sql<{ id: string; supportCount: number; opposeCount: number; myVote: VoteType | null }>`
      select o.id,
        (count(*) filter (where v.vote_type = 'support'))::int as "supportCount",
        (count(*) filter (where v.vote_type = 'oppose'))::int as "opposeCount",
        max(v.vote_type) filter (where v.user_id = ${userId}) as "myVote"
      from (${opinions}) as o
      left join bench_votes v on v.opinion_id = o.id
      group by o.id`.execute(db);
    return rows.rows;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await store.close();
      await db.destroy();
    },
  };
}
