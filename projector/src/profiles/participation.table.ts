import { SCORE_POINTS } from '@civitas/events';
import { sql } from 'kysely';
import { column, defineTable } from '../lib/table';

/**
 * Read model `member_stats`: a member's counts and participation score (docs/product.md, Constants), from their
 * events. Delegations received are counted where delegations are (the `delegation` projection).
 */
export const memberStatsTable = defineTable(
  'member_stats',
  {
    user_id: column.uuid(),
    topics_created: column.integer().default(0),
    opinions_posted: column.integer().default(0),
    /** Opinions the member currently has a direct vote on. */
    votes_cast: column.integer().default(0),
    /** Elections decided in the member's favour (main or not). */
    elections_won: column.integer().default(0),
    /** Votes + 2 × opinions + 5 × topics + 10 × elections won. */
    participation_score: column
      .integer()
      .generatedAlwaysAs(
        sql`votes_cast * ${sql.lit(SCORE_POINTS.vote)} + opinions_posted * ${sql.lit(SCORE_POINTS.opinion)} + topics_created * ${sql.lit(SCORE_POINTS.topic)} + elections_won * ${sql.lit(SCORE_POINTS.electionWon)}`,
      ),
  },
  { primaryKey: ['user_id'] },
);

/** Read model `topic_participants`: who took part in a topic (created it, posted an opinion, voted, stood, cast a ballot or chatted). */
export const topicParticipantsTable = defineTable(
  'topic_participants',
  {
    topic_id: column.uuid(),
    user_id: column.uuid(),
  },
  { primaryKey: ['topic_id', 'user_id'] },
);

/** Read model `group_participants`: who took part in a group. */
export const groupParticipantsTable = defineTable(
  'group_participants',
  {
    group_id: column.integer(),
    user_id: column.uuid(),
  },
  { primaryKey: ['group_id', 'user_id'] },
);

/** Read model `group_activity`: the number of participants per group. */
export const groupActivityTable = defineTable(
  'group_activity',
  {
    group_id: column.integer(),
    participant_count: column.integer(),
  },
  { primaryKey: ['group_id'] },
);
