import type { BallotCast, BallotWithdrawn, CandidateRegistered } from '@civitas/events';
import { sql } from 'kysely';
import { insertRows, unnestRows } from '../lib/table';
import { defineProjection, eventTime, type ProjectedEvent } from '../projection';
import { ballotsTable, candidatesTable, preferenceBallotsTable } from './elections.table';
import { applyPreferenceBallots, isPreferenceBallot } from './preference-ballots';

type Registered = ProjectedEvent & CandidateRegistered;
type BallotEvent = ProjectedEvent & (BallotCast | BallotWithdrawn);

/**
 * Candidates and ballots. A batch keeps each member's last ballot per election, then counts the
 * direct ballots of every candidate it touched again from the ballots table, so a batch leaves
 * what one-by-one delivery leaves and a redelivered batch changes nothing. Ranked and approval
 * ballots keep their own table (preference-ballots.ts).
 */
export const electionsProjection = defineProjection({
  name: 'elections',
  // 2: ranked and approval ballots (preference_ballots), counted in their candidates' direct_votes.
  version: 2,
  tables: [candidatesTable, ballotsTable, preferenceBallotsTable],
  handles: ['CandidateRegistered', 'BallotCast', 'BallotWithdrawn', 'RankedBallotCast', 'ApprovalBallotCast'],

  async apply(db, schema, events, changes) {
    const registered = events.filter((event): event is Registered => event.type === 'CandidateRegistered');
    if (registered.length > 0) {
      for (const event of registered) changes.add('candidates', event.data.topicId);
      const column = <T>(pick: (event: Registered) => T) => registered.map(pick);
      const { columns, rows } = insertRows(candidatesTable, {
        id: column((e) => e.data.candidateId),
        user_id: column((e) => e.data.userId),
        group_id: column((e) => e.data.groupId),
        topic_id: column((e) => e.data.topicId),
        statement: column((e) => e.data.statement),
        created_at: column(eventTime),
        created_position: column((e) => e.position),
      });
      await sql`insert into ${sql.id(schema, candidatesTable.name)} ${columns} select * from ${rows} on conflict (id) do nothing`.execute(db);
    }

    await applyPreferenceBallots(db, schema, events.filter(isPreferenceBallot), changes);

    const ballots = events.filter((event): event is BallotEvent => event.type === 'BallotCast' || event.type === 'BallotWithdrawn');
    if (ballots.length === 0) return;
    const finals = new Map<string, BallotEvent>();
    const touched = new Set<string>();
    for (const event of ballots) {
      const { data } = event;
      finals.set(`${data.topicId} ${data.userId}`, event);
      if (data.previousCandidateId) touched.add(data.previousCandidateId);
      if (event.type === 'BallotCast') touched.add(event.data.candidateId);
      changes.add('candidates', data.topicId);
    }
    const ballotsOf = sql.id(schema, ballotsTable.name);
    const withdrawn = [...finals.values()].filter((event) => event.type === 'BallotWithdrawn');
    if (withdrawn.length > 0) {
      const { rows } = unnestRows(ballotsTable, 'w', { topic_id: withdrawn.map((e) => e.data.topicId), user_id: withdrawn.map((e) => e.data.userId) });
      await sql`delete from ${ballotsOf} b using ${rows} where b.topic_id = w.topic_id and b.user_id = w.user_id`.execute(db);
    }
    const cast = [...finals.values()].filter((event): event is ProjectedEvent & BallotCast => event.type === 'BallotCast');
    if (cast.length > 0) {
      const { columns, rows } = insertRows(ballotsTable, {
        topic_id: cast.map((e) => e.data.topicId),
        user_id: cast.map((e) => e.data.userId),
        candidate_id: cast.map((e) => e.data.candidateId),
        cast_at: cast.map(eventTime),
      });
      await sql`
        insert into ${ballotsOf} ${columns} select * from ${rows}
        on conflict (topic_id, user_id) do update set candidate_id = excluded.candidate_id, cast_at = excluded.cast_at`.execute(db);
    }
    await sql`
      update ${sql.id(schema, candidatesTable.name)} c
      set direct_votes = (select count(*)::int from ${ballotsOf} b where b.candidate_id = c.id)
      where c.id = any(${[...touched]}::uuid[])`.execute(db);
  },
});
