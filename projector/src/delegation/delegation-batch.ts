import {
  CATALOGUE,
  applyDelta,
  changeAt,
  changeAtMany,
  hasMembers,
  type Choice,
  type ClosingTally,
  type Department,
  type WeightedDelta,
} from '@civitas/events';
import { sql, type QueryExecutorProvider } from 'kysely';
import type { ChangeSet } from '../projection';
import { GroupState, SubjectState, isEligible, type GroupInfo, type Membership, type SchemaCache, type Standing } from './delegation-cache';
import { PendingWrites } from './delegation-writes';
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

const CATALOGUE_INFO = new Map(CATALOGUE.map((group) => [group.groupId, { department: group.department, subcategory: group.subcategory }]));

/**
 * One batch of the `delegation` projection: the state lives in the cache (memory), the batch's
 * writes in `pending` until the end. Every read of the tables flushes first, so the tables plus
 * memory are always one consistent state. A group is loaded before anything in it changes, so a
 * loaded group always holds its whole graph and every open subject.
 */
export class DelegationBatch {
  private readonly pending = new PendingWrites();
  /** `${groupId}:${userId}` found not to matter in an unloaded group at the start of the batch. */
  private readonly notMattering = new Set<string>();
  /** Users whose every group where they matter is loaded. */
  private readonly mattersLoaded = new Set<string>();

  constructor(
    // Raw SQL naming its schema: any Kysely or transaction runs it.
    private readonly db: QueryExecutorProvider,
    private readonly schema: string,
    private readonly cache: SchemaCache,
    private readonly changes: ChangeSet,
  ) {}

  private table(name: string) {
    return sql.id(this.schema, name);
  }

  /** Reads see the batch's own writes. */
  private async query<Row>(query: ReturnType<typeof sql<Row>>): Promise<Row[]> {
    await this.pending.flush(this.db, this.schema);
    return (await query.execute(this.db)).rows;
  }

  async flush(): Promise<void> {
    await this.pending.flush(this.db, this.schema);
  }

  // Point facts: memory, else the tables.

  async groupInfo(groupId: number): Promise<GroupInfo | null> {
    if (!this.cache.groupInfos.has(groupId)) {
      const rows = await this.query<{ department: Department; subcategory: string | null }>(sql`
        select department, subcategory from ${this.table(delegationGroupsTable.name)} where group_id = ${groupId}`);
      // The catalogue's groups have fixed ids and definitions: known even before their GroupCreated is read.
      this.cache.groupInfos.set(groupId, rows[0] ?? CATALOGUE_INFO.get(groupId) ?? null);
    }
    return this.cache.groupInfos.get(groupId)!;
  }

  async loadStandings(userIds: Iterable<string>): Promise<void> {
    const missing = [...new Set(userIds)].filter((id) => !this.cache.standings.has(id));
    if (missing.length === 0) return;
    const rows = await this.query<{ user_id: string; is_subscribed: boolean; approved_verifications: Record<string, string> }>(sql`
      select user_id, is_subscribed, approved_verifications from ${this.table(delegationStandingTable.name)} where user_id = any(${missing}::uuid[])`);
    for (const id of missing) this.cache.standings.set(id, null);
    for (const row of rows) this.cache.standings.set(row.user_id, { isSubscribed: row.is_subscribed, approved: row.approved_verifications });
  }

  async standing(userId: string): Promise<Standing | null> {
    await this.loadStandings([userId]);
    return this.cache.standings.get(userId) ?? null;
  }

  async loadMemberships(groupId: number, userIds: Iterable<string>): Promise<void> {
    const missing = [...new Set(userIds)].filter((id) => !this.cache.memberships.has(`${groupId}:${id}`));
    if (missing.length === 0) return;
    const rows = await this.query<{ user_id: string; is_leader: boolean }>(sql`
      select user_id, is_leader from ${this.table(delegationMembersTable.name)} where group_id = ${groupId} and user_id = any(${missing}::uuid[])`);
    for (const id of missing) this.cache.memberships.set(`${groupId}:${id}`, null);
    for (const row of rows) this.cache.memberships.set(`${groupId}:${row.user_id}`, { isLeader: row.is_leader });
  }

  async membership(groupId: number, userId: string): Promise<Membership | null> {
    await this.loadMemberships(groupId, [userId]);
    return this.cache.memberships.get(`${groupId}:${userId}`) ?? null;
  }

  /** The member's eligibility in the group from the facts as they stand now. */
  private async computeEligible(groupId: number, userId: string): Promise<boolean> {
    const info = await this.groupInfo(groupId);
    const membership = info && hasMembers(info.department) ? await this.membership(groupId, userId) : null;
    return isEligible(info, await this.standing(userId), membership);
  }

  private async ensureEligibility(group: GroupState, userId: string): Promise<void> {
    if (!group.eligible.has(userId)) group.eligible.set(userId, await this.computeEligible(group.groupId, userId));
  }

  // Groups.

  /** The group with its whole graph and open subjects, loaded once and kept. */
  async group(groupId: number): Promise<GroupState> {
    const loaded = this.cache.groups.get(groupId);
    if (loaded) return loaded;
    const group = new GroupState(groupId);
    const delegations = await this.query<{ id: string; delegator_id: string; delegate_id: string }>(sql`
      select id, delegator_id, delegate_id from ${this.table(delegationsTable.name)} where group_id = ${groupId} and is_active`);
    for (const row of delegations) {
      group.graph.setDelegate(row.delegator_id, row.delegate_id);
      group.activeDelegation.set(row.delegator_id, row.id);
    }
    const subjects = await this.query<{ subject_id: string; kind: TallySubjectKind; topic_id: string }>(sql`
      select subject_id, kind, topic_id from ${this.table(tallySubjectsTable.name)} where group_id = ${groupId} and not is_final`);
    for (const row of subjects) group.subjects.set(row.subject_id, new SubjectState(row.subject_id, row.kind, row.topic_id, groupId));
    if (subjects.length > 0) {
      const open = sql`(select subject_id from ${this.table(tallySubjectsTable.name)} where group_id = ${groupId} and not is_final)`;
      const choices = await this.query<{ subject_id: string; user_id: string; choice: string }>(sql`
        select subject_id, user_id, choice from ${this.table(directChoicesTable.name)} where subject_id in ${open}`);
      for (const row of choices) group.subjects.get(row.subject_id)?.choices.set(row.user_id, row.choice);
      const tallies = await this.query<{ subject_id: string; choice: string; weight: number }>(sql`
        select subject_id, choice, weight from ${this.table(weightedTalliesTable.name)} where subject_id in ${open} and weight <> 0`);
      for (const row of tallies) group.subjects.get(row.subject_id)?.tally.set(row.choice, row.weight);
    }
    // Everyone who matters here gets their eligibility now, in a few set-based reads.
    const users = new Set<string>(group.graph.members());
    for (const subject of group.subjects.values()) for (const userId of subject.choices.keys()) users.add(userId);
    const info = await this.groupInfo(groupId);
    await this.loadStandings(users);
    if (info && hasMembers(info.department)) await this.loadMemberships(groupId, users);
    for (const userId of users) {
      const membership = this.cache.memberships.get(`${groupId}:${userId}`) ?? null;
      group.eligible.set(userId, isEligible(info, this.cache.standings.get(userId) ?? null, membership));
    }
    this.cache.groups.set(groupId, group);
    return group;
  }

  /**
   * Loads every group where these members matter (an active delegation in or out, a choice on an
   * open subject), before a change of their eligibility, so those tallies move with it.
   */
  async loadGroupsWhereMatter(userIds: Iterable<string>): Promise<void> {
    const users = [...new Set(userIds)].filter((id) => !this.mattersLoaded.has(id));
    if (users.length === 0) return;
    const rows = await this.query<{ group_id: number }>(sql`
      select group_id from ${this.table(delegationsTable.name)} where is_active and delegator_id = any(${users}::uuid[])
      union select group_id from ${this.table(delegationsTable.name)} where is_active and delegate_id = any(${users}::uuid[])
      union select s.group_id from ${this.table(directChoicesTable.name)} c join ${this.table(tallySubjectsTable.name)} s using (subject_id)
        where not s.is_final and c.user_id = any(${users}::uuid[])`);
    for (const row of rows) await this.group(row.group_id);
    // From here on, any group where they come to matter is touched by this batch, hence loaded.
    for (const id of users) this.mattersLoaded.add(id);
  }

  /** For membership changes: the (group, member) pairs of unloaded groups where the member matters get their group loaded. */
  async loadGroupsWhereMemberMatters(pairs: ReadonlyArray<readonly [number, string]>): Promise<void> {
    const open = pairs.filter(([groupId, userId]) => !this.cache.groups.has(groupId) && !this.notMattering.has(`${groupId}:${userId}`));
    if (open.length === 0) return;
    const groupIds = open.map(([groupId]) => groupId);
    const userIds = open.map(([, userId]) => userId);
    const rows = await this.query<{ group_id: number }>(sql`
      with pairs as (select * from unnest(${groupIds}::integer[], ${userIds}::uuid[]) as p(group_id, user_id))
      select distinct p.group_id from pairs p where exists (
        select 1 from ${this.table(delegationsTable.name)} d
        where d.is_active and d.group_id = p.group_id and (d.delegator_id = p.user_id or d.delegate_id = p.user_id))
      or exists (
        select 1 from ${this.table(directChoicesTable.name)} c join ${this.table(tallySubjectsTable.name)} s using (subject_id)
        where not s.is_final and s.group_id = p.group_id and c.user_id = p.user_id)`);
    for (const row of rows) await this.group(row.group_id);
    for (const [groupId, userId] of open) if (!this.cache.groups.has(groupId)) this.notMattering.add(`${groupId}:${userId}`);
  }

  // Tallies.

  private applyDeltas(subjects: readonly SubjectState[], deltas: readonly WeightedDelta[]): void {
    deltas.forEach((delta, index) => {
      if (delta.size === 0) return;
      const subject = subjects[index]!;
      applyDelta(subject.tally, delta);
      for (const choice of delta.keys()) this.pending.setTally(subject.id, choice, subject.tally.get(choice) ?? 0);
      this.changes.add('weighted_tallies', subject.topicId);
    });
  }

  /** One change at one member of a loaded group, on every open subject of the group. */
  private changeInGroup(group: GroupState, memberId: string, mutate: () => void): void {
    const subjects = [...group.subjects.values()];
    this.applyDeltas(
      subjects,
      changeAtMany(
        group.graph,
        subjects.map((subject) => subject.choices),
        memberId,
        mutate,
      ),
    );
  }

  /** Recomputes the member's eligibility in a loaded group and moves the tallies if it changed. */
  private async recheck(group: GroupState, userId: string): Promise<void> {
    if (!group.eligible.has(userId)) return; // Not known here, so it matters nowhere in this group.
    const now = await this.computeEligible(group.groupId, userId);
    if (now === group.eligible.get(userId)) return;
    this.changeInGroup(group, userId, () => group.eligible.set(userId, now));
  }

  private async recheckEverywhere(userId: string): Promise<void> {
    for (const group of [...this.cache.groups.values()]) await this.recheck(group, userId);
  }

  // Facts that decide eligibility.

  async groupCreated(groupId: number, info: GroupInfo): Promise<void> {
    this.cache.groupInfos.set(groupId, info);
    this.pending.setGroup(groupId, info);
    const group = this.cache.groups.get(groupId);
    if (group) for (const userId of [...group.eligible.keys()]) await this.recheck(group, userId);
  }

  async standingChanged(userId: string, change: (standing: Standing) => Standing): Promise<void> {
    await this.loadGroupsWhereMatter([userId]);
    const before = (await this.standing(userId)) ?? { isSubscribed: false, approved: {} };
    const after = change(before);
    this.cache.standings.set(userId, after);
    this.pending.setStanding(userId, after);
    await this.recheckEverywhere(userId);
  }

  async membershipChanged(groupId: number, userId: string, change: (membership: Membership | null) => Membership | null): Promise<void> {
    const info = await this.groupInfo(groupId);
    // Open groups (national, international, religion) do not look at memberships.
    const decides = info === null || hasMembers(info.department);
    if (decides) await this.loadGroupsWhereMemberMatters([[groupId, userId]]);
    const after = change(await this.membership(groupId, userId));
    this.cache.memberships.set(`${groupId}:${userId}`, after);
    this.pending.setMembership(groupId, userId, after);
    const group = this.cache.groups.get(groupId);
    if (decides && group) await this.recheck(group, userId);
  }

  // Delegations.

  async delegationAssigned(
    data: { delegationId: string; groupId: number; delegatorId: string; delegateId: string; previousDelegationId: string | null },
    at: string,
  ): Promise<void> {
    const group = await this.group(data.groupId);
    await this.ensureEligibility(group, data.delegatorId);
    await this.ensureEligibility(group, data.delegateId);
    const previous = group.activeDelegation.get(data.delegatorId);
    if (previous !== undefined) this.pending.endDelegation(previous, at);
    if (data.previousDelegationId !== null) this.pending.endDelegation(data.previousDelegationId, at);
    this.pending.addDelegation({ id: data.delegationId, groupId: data.groupId, delegatorId: data.delegatorId, delegateId: data.delegateId, at });
    group.activeDelegation.set(data.delegatorId, data.delegationId);
    this.changeInGroup(group, data.delegatorId, () => group.graph.setDelegate(data.delegatorId, data.delegateId));
    this.changes.add('delegations', data.delegatorId);
    this.changes.add('delegations', data.delegateId);
  }

  async delegationRevoked(data: { delegationId: string; groupId: number; delegatorId: string; delegateId: string }, at: string): Promise<void> {
    const group = await this.group(data.groupId);
    this.pending.endDelegation(data.delegationId, at);
    if (group.activeDelegation.get(data.delegatorId) === data.delegationId) {
      group.activeDelegation.delete(data.delegatorId);
      this.changeInGroup(group, data.delegatorId, () => group.graph.setDelegate(data.delegatorId, undefined));
    }
    this.changes.add('delegations', data.delegatorId);
    this.changes.add('delegations', data.delegateId);
  }

  // Subjects and direct choices.

  /** Registers a subject (once); `startRows` are the tally rows it starts with, at 0. */
  async subjectOpened(subjectId: string, kind: TallySubjectKind, topicId: string, groupId: number, startRows: readonly Choice[]): Promise<void> {
    const group = await this.group(groupId);
    if (!group.subjects.has(subjectId) && !(await this.isFinal(subjectId))) {
      group.subjects.set(subjectId, new SubjectState(subjectId, kind, topicId, groupId));
      this.pending.setSubject({ subjectId, kind, topicId, groupId, isFinal: false });
    }
    for (const choice of startRows) this.pending.startTally(subjectId, choice);
    this.changes.add('weighted_tallies', topicId);
  }

  private async isFinal(subjectId: string): Promise<boolean> {
    const rows = await this.query<{ is_final: boolean }>(sql`
      select is_final from ${this.table(tallySubjectsTable.name)} where subject_id = ${subjectId}`);
    return rows[0]?.is_final ?? false;
  }

  /** A member's direct choice set (or withdrawn, null) on an open subject; choices on final subjects change nothing. */
  async choiceMade(subjectId: string, kind: TallySubjectKind, topicId: string, groupId: number, userId: string, choice: Choice | null): Promise<void> {
    const group = await this.group(groupId);
    let subject = group.subjects.get(subjectId);
    if (!subject) {
      // A choice on a subject never registered (its opening event missing) opens it; a final one stays as it was.
      if (await this.isFinal(subjectId)) return;
      await this.subjectOpened(subjectId, kind, topicId, groupId, []);
      subject = group.subjects.get(subjectId)!;
    }
    await this.ensureEligibility(group, userId);
    const { choices } = subject;
    const delta = changeAt(group.graph, choices, userId, () => {
      if (choice === null) choices.delete(userId);
      else choices.set(userId, choice);
    });
    this.applyDeltas([subject], [delta]);
    this.pending.setChoice(subjectId, userId, choice);
    this.changes.add('weighted_tallies', topicId);
  }

  /**
   * The topic's subjects become final. With closing tallies (the authoritative count written by the
   * closing), those are the rows from now on: an opinion's 'support'/'oppose', an election's row per candidate.
   */
  async topicFinal(topicId: string, groupId: number, isElection: boolean, tallies: readonly ClosingTally[]): Promise<void> {
    const group = await this.group(groupId);
    for (const tally of tallies) {
      if (isElection) {
        this.pending.setTally(topicId, tally.subjectId, tally.weightedSupport);
      } else {
        this.pending.setTally(tally.subjectId, 'support', tally.weightedSupport);
        this.pending.setTally(tally.subjectId, 'oppose', tally.weightedOppose);
      }
    }
    for (const subject of [...group.subjects.values()]) {
      if (subject.topicId !== topicId) continue;
      group.subjects.delete(subject.id);
      this.pending.setSubject({ subjectId: subject.id, kind: subject.kind, topicId, groupId, isFinal: true });
    }
    this.pending.finalizeTopic(topicId);
    this.changes.add('weighted_tallies', topicId);
  }
}
