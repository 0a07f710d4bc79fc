import type { Choice } from '@civitas/events';
import { sql, type QueryExecutorProvider } from 'kysely';
import { insertRows, unnestRows } from '../lib/table';
import type { GroupInfo, Membership, Standing } from './delegation-cache';
import { verifiedKeys } from './delegation-cache';
import {
  delegationGroupsTable,
  delegationMembersTable,
  delegationStandingTable,
  delegationsTable,
  directChoicesTable,
  tallySubjectsTable,
  weightedTalliesTable,
  type TallySubjectKind,
} from './delegation.table';

interface NewDelegation {
  id: string;
  groupId: number;
  delegatorId: string;
  delegateId: string;
  at: string;
}
interface SubjectRow {
  subjectId: string;
  kind: TallySubjectKind;
  topicId: string;
  groupId: number;
  isFinal: boolean;
}

/**
 * A batch's writes, kept until `flush`: the last state of each row it touched, written in a few
 * set-based statements. Memory (the cache) already holds the same state, so nothing reads these
 * rows back before they are flushed; a read of the tables flushes first.
 */
export class PendingWrites {
  private readonly delegationsAdded = new Map<string, NewDelegation>();
  private readonly delegationsEnded = new Map<string, string>();
  private readonly standings = new Map<string, Standing>();
  private readonly groups = new Map<number, GroupInfo>();
  private readonly members = new Map<string, { groupId: number; userId: string; membership: Membership | null }>();
  private readonly subjects = new Map<string, SubjectRow>();
  private readonly finalTopics = new Set<string>();
  private readonly choices = new Map<string, { subjectId: string; userId: string; choice: Choice | null }>();
  /** Rows a subject starts with (0), kept if the row exists already. */
  private readonly tallyStarts = new Map<string, { subjectId: string; choice: Choice }>();
  /** Rows set to the weight the tally now has. */
  private readonly tallies = new Map<string, { subjectId: string; choice: Choice; weight: number }>();

  addDelegation(row: NewDelegation): void {
    this.delegationsAdded.set(row.id, row);
  }

  endDelegation(id: string, at: string): void {
    this.delegationsEnded.set(id, at);
  }

  setStanding(userId: string, standing: Standing): void {
    this.standings.set(userId, standing);
  }

  setGroup(groupId: number, info: GroupInfo): void {
    this.groups.set(groupId, info);
  }

  setMembership(groupId: number, userId: string, membership: Membership | null): void {
    this.members.set(`${groupId}:${userId}`, { groupId, userId, membership });
  }

  setSubject(row: SubjectRow): void {
    this.subjects.set(row.subjectId, row);
  }

  /** Every subject of the topic becomes final, including any only the tables hold. */
  finalizeTopic(topicId: string): void {
    this.finalTopics.add(topicId);
  }

  setChoice(subjectId: string, userId: string, choice: Choice | null): void {
    this.choices.set(`${subjectId}:${userId}`, { subjectId, userId, choice });
  }

  startTally(subjectId: string, choice: Choice): void {
    this.tallyStarts.set(`${subjectId}\u0000${choice}`, { subjectId, choice });
  }

  setTally(subjectId: string, choice: Choice, weight: number): void {
    this.tallies.set(`${subjectId}\u0000${choice}`, { subjectId, choice, weight });
  }

  get isEmpty(): boolean {
    return (
      this.delegationsAdded.size +
        this.delegationsEnded.size +
        this.standings.size +
        this.groups.size +
        this.members.size +
        this.subjects.size +
        this.finalTopics.size +
        this.choices.size +
        this.tallyStarts.size +
        this.tallies.size ===
      0
    );
  }

  // Raw SQL naming its schema: any Kysely or transaction runs it.
  async flush(db: QueryExecutorProvider, schema: string): Promise<void> {
    if (this.isEmpty) return;
    const table = (name: string) => sql.id(schema, name);

    if (this.groups.size > 0) {
      const rows = [...this.groups];
      const { columns, rows: values } = insertRows(delegationGroupsTable, {
        group_id: rows.map(([id]) => id),
        department: rows.map(([, info]) => info.department),
        subcategory: rows.map(([, info]) => info.subcategory),
      });
      await sql`insert into ${table(delegationGroupsTable.name)} ${columns} select * from ${values}
        on conflict (group_id) do update set department = excluded.department, subcategory = excluded.subcategory`.execute(db);
    }

    if (this.standings.size > 0) {
      const standings = [...this.standings];
      // A text[] cannot travel through unnest (it flattens): the keys go as JSON text and come back as an array.
      await sql`insert into ${table(delegationStandingTable.name)} (user_id, is_subscribed, verified_country_keys, approved_verifications)
        select s.user_id, s.is_subscribed, array(select jsonb_array_elements_text(s.keys::jsonb)), s.approved::jsonb
        from unnest(${standings.map(([id]) => id)}::uuid[], ${standings.map(([, standing]) => standing.isSubscribed)}::boolean[],
          ${standings.map(([, standing]) => JSON.stringify(verifiedKeys(standing)))}::text[], ${standings.map(([, standing]) => JSON.stringify(standing.approved))}::text[])
          as s(user_id, is_subscribed, keys, approved)
        on conflict (user_id) do update set is_subscribed = excluded.is_subscribed, verified_country_keys = excluded.verified_country_keys,
          approved_verifications = excluded.approved_verifications`.execute(db);
    }

    const members = [...this.members.values()];
    const leaving = members.filter((row) => row.membership === null);
    const staying = members.filter((row) => row.membership !== null);
    if (leaving.length > 0) {
      const { rows } = unnestRows(delegationMembersTable, 'gone', { group_id: leaving.map((row) => row.groupId), user_id: leaving.map((row) => row.userId) });
      await sql`delete from ${table(delegationMembersTable.name)} m using ${rows} where m.group_id = gone.group_id and m.user_id = gone.user_id`.execute(db);
    }
    if (staying.length > 0) {
      const { columns, rows } = insertRows(delegationMembersTable, {
        group_id: staying.map((row) => row.groupId),
        user_id: staying.map((row) => row.userId),
        is_leader: staying.map((row) => row.membership!.isLeader),
      });
      await sql`insert into ${table(delegationMembersTable.name)} ${columns} select * from ${rows}
        on conflict (group_id, user_id) do update set is_leader = excluded.is_leader`.execute(db);
    }

    if (this.delegationsAdded.size > 0) {
      const added = [...this.delegationsAdded.values()];
      const times = added.map((row) => row.at);
      const { columns, rows } = insertRows(delegationsTable, {
        id: added.map((row) => row.id),
        group_id: added.map((row) => row.groupId),
        delegator_id: added.map((row) => row.delegatorId),
        delegate_id: added.map((row) => row.delegateId),
        is_active: added.map(() => true),
        created_at: times,
        updated_at: times,
      });
      await sql`insert into ${table(delegationsTable.name)} ${columns} select * from ${rows} on conflict (id) do nothing`.execute(db);
    }
    if (this.delegationsEnded.size > 0) {
      const ended = [...this.delegationsEnded];
      const { rows } = unnestRows(delegationsTable, 'e', { id: ended.map(([id]) => id), updated_at: ended.map(([, at]) => at) });
      await sql`update ${table(delegationsTable.name)} d set is_active = false, updated_at = e.updated_at from ${rows}
        where d.id = e.id and d.is_active`.execute(db);
    }

    if (this.subjects.size > 0) {
      const subjects = [...this.subjects.values()];
      const { columns, rows } = insertRows(tallySubjectsTable, {
        subject_id: subjects.map((row) => row.subjectId),
        kind: subjects.map((row) => row.kind),
        topic_id: subjects.map((row) => row.topicId),
        group_id: subjects.map((row) => row.groupId),
        is_final: subjects.map((row) => row.isFinal),
      });
      // A final subject stays final.
      await sql`insert into ${table(tallySubjectsTable.name)} as s ${columns} select * from ${rows}
        on conflict (subject_id) do update set is_final = s.is_final or excluded.is_final`.execute(db);
    }
    if (this.finalTopics.size > 0) {
      await sql`update ${table(tallySubjectsTable.name)} set is_final = true where topic_id = any(${[...this.finalTopics]}::uuid[]) and not is_final`.execute(
        db,
      );
    }

    const choices = [...this.choices.values()];
    const withdrawn = choices.filter((row) => row.choice === null);
    const chosen = choices.filter((row) => row.choice !== null);
    if (withdrawn.length > 0) {
      const { rows } = unnestRows(directChoicesTable, 'w', { subject_id: withdrawn.map((row) => row.subjectId), user_id: withdrawn.map((row) => row.userId) });
      await sql`delete from ${table(directChoicesTable.name)} c using ${rows} where c.subject_id = w.subject_id and c.user_id = w.user_id`.execute(db);
    }
    if (chosen.length > 0) {
      const { columns, rows } = insertRows(directChoicesTable, {
        subject_id: chosen.map((row) => row.subjectId),
        user_id: chosen.map((row) => row.userId),
        choice: chosen.map((row) => row.choice!),
      });
      await sql`insert into ${table(directChoicesTable.name)} ${columns} select * from ${rows}
        on conflict (subject_id, user_id) do update set choice = excluded.choice`.execute(db);
    }

    if (this.tallyStarts.size > 0) {
      const starts = [...this.tallyStarts.values()];
      const { columns, rows } = insertRows(weightedTalliesTable, {
        subject_id: starts.map((row) => row.subjectId),
        choice: starts.map((row) => row.choice),
        weight: starts.map(() => 0),
      });
      await sql`insert into ${table(weightedTalliesTable.name)} ${columns} select * from ${rows} on conflict (subject_id, choice) do nothing`.execute(db);
    }
    if (this.tallies.size > 0) {
      const tallies = [...this.tallies.values()];
      const { columns, rows } = insertRows(weightedTalliesTable, {
        subject_id: tallies.map((row) => row.subjectId),
        choice: tallies.map((row) => row.choice),
        weight: tallies.map((row) => row.weight),
      });
      await sql`insert into ${table(weightedTalliesTable.name)} ${columns} select * from ${rows}
        on conflict (subject_id, choice) do update set weight = excluded.weight`.execute(db);
    }

    this.clear();
  }

  private clear(): void {
    for (const map of [
      this.delegationsAdded,
      this.delegationsEnded,
      this.standings,
      this.groups,
      this.members,
      this.subjects,
      this.choices,
      this.tallyStarts,
      this.tallies,
    ])
      map.clear();
    this.finalTopics.clear();
  }
}
