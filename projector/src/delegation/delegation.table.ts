import type { Department } from '@civitas/events';
import { sql } from 'kysely';
import { column, defineTable } from '../lib/table';

/**
 * Read models of the `delegation` projection: the delegation graph of every group, the facts
 * eligibility is decided on (docs/product.md, Eligibility), and the weighted tallies (the official count,
 * docs/product.md, Voting and delegation) of every opinion and election.
 */

/** Every delegation, active or ended: a change of delegate ends the old row and inserts the new one. */
export const delegationsTable = defineTable(
  'delegations',
  {
    id: column.uuid(),
    group_id: column.integer(),
    delegator_id: column.uuid(),
    delegate_id: column.uuid(),
    is_active: column.boolean(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['id'],
    indexes: [
      { columns: ['group_id', 'delegator_id'], where: sql`is_active` },
      { columns: ['delegate_id', 'group_id'], where: sql`is_active` },
      { columns: ['delegator_id', 'created_at desc'] },
    ],
  },
);

/** What eligibility needs to know of a member, whatever the group. */
export const delegationStandingTable = defineTable(
  'delegation_standing',
  {
    user_id: column.uuid(),
    /** An active subscription, or a cancelled one until SubscriptionExpired. */
    is_subscribed: column.boolean(),
    /** Country keys of the member's approved verifications. */
    verified_country_keys: column.textArray(),
    /** verificationId -> countryKey of each approved verification, so a later rejection removes the right key. */
    approved_verifications: column.jsonb<Record<string, string>>(),
  },
  { primaryKey: ['user_id'] },
);

export const delegationGroupsTable = defineTable(
  'delegation_groups',
  {
    group_id: column.integer(),
    department: column.text<Department>(),
    subcategory: column.text().nullable(),
  },
  { primaryKey: ['group_id'] },
);

/** Current members only (a member who leaves loses the row). */
export const delegationMembersTable = defineTable(
  'delegation_members',
  {
    group_id: column.integer(),
    user_id: column.uuid(),
    is_leader: column.boolean(),
  },
  { primaryKey: ['group_id', 'user_id'], indexes: [{ columns: ['user_id'] }] },
);

/**
 * 'ranking': the ranked ballots of a law amendment or dispute resolution decided among its opinions
 * (issue #34 item 2; subject_id = topic id), one row per voter under their own id, the weight their
 * ballot counts with; never an opinion's support or oppose.
 */
export type TallySubjectKind = 'opinion' | 'election' | 'ranking';

/** Anything members choose on: an opinion, an election topic or a ranked law topic (subject_id = topic id). Final subjects never change again. */
export const tallySubjectsTable = defineTable(
  'tally_subjects',
  {
    subject_id: column.uuid(),
    kind: column.text<TallySubjectKind>(),
    topic_id: column.uuid(),
    group_id: column.integer(),
    is_final: column.boolean(),
  },
  {
    primaryKey: ['subject_id'],
    indexes: [{ columns: ['topic_id'] }, { columns: ['group_id'], where: sql`not is_final` }],
  },
);

/** Each member's own choice: 'support' / 'oppose' on an opinion, a candidate id in an election, their own id for a ranked or approval ballot. */
export const directChoicesTable = defineTable(
  'direct_choices',
  {
    subject_id: column.uuid(),
    user_id: column.uuid(),
    choice: column.text(),
  },
  { primaryKey: ['subject_id', 'user_id'], indexes: [{ columns: ['user_id'] }] },
);

/**
 * The weighted tally: an opinion has rows 'support' and 'oppose', an election one row per candidate
 * id; a ranked or approval ballot's weight is a row under its voter's id (the election's or ranked law topic's subject).
 */
export const weightedTalliesTable = defineTable(
  'weighted_tallies',
  {
    subject_id: column.uuid(),
    choice: column.text(),
    weight: column.integer(),
  },
  { primaryKey: ['subject_id', 'choice'] },
);

/**
 * One row: the position of the last event this projection applied here. The in-memory cache is
 * valid only for the state at that position, so a rolled-back batch (which leaves this row
 * behind the cache) is detected at the next batch; and events at or before it are not applied twice.
 */
export const delegationProgressTable = defineTable(
  'delegation_progress',
  {
    id: column.integer(),
    position: column.text(),
  },
  { primaryKey: ['id'] },
);

export const delegationTables = [
  delegationsTable,
  delegationStandingTable,
  delegationGroupsTable,
  delegationMembersTable,
  tallySubjectsTable,
  directChoicesTable,
  weightedTalliesTable,
  delegationProgressTable,
] as const;
