import {
  PERSONAL_DEPARTMENTS,
  groupStream,
  personalGroupLabel,
  userStream,
  type CatalogueGroup,
  type PersonalDepartment,
  type Position,
} from '@civitas/events';
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import type { ReadModels } from '@civitas/projector/read-models';
import type { CommandBus } from '../lib/command-bus';
import { groupsDecider } from './groups.decider';
import { personalGroupsDecider } from './personal-groups.decider';

const PERSONAL_GROUPS: Record<PersonalDepartment, Pick<CatalogueGroup, 'description' | 'subscriptionType' | 'features'>> = {
  family: {
    description: 'A private group where your family discusses and decides together. Free, by invitation only.',
    subscriptionType: 'free',
    features: ['Family discussions', 'Opinion voting', 'Real-time chat', 'Invitations by e-mail'],
  },
  friends: {
    description: 'A private group for you and your friends to talk things through and decide together.',
    subscriptionType: 'free',
    features: ['Friends discussions', 'Opinion voting', 'Real-time chat', 'Invitations by e-mail'],
  },
  business: {
    description: 'A private group where you and your colleagues discuss business matters and hold elections.',
    subscriptionType: 'premium',
    features: ['Business discussions', 'Elections', 'Opinion voting', 'Invitations by e-mail'],
  },
};

/**
 * Every member's own Family, Friends and Business groups (docs/product.md, Personal groups). Their numbers come from
 * a database sequence (10000 up) and are fixed once on the member's stream; each group is then
 * created with a command id derived from its number, so repeating any step adds nothing.
 */
export class PersonalGroups {
  constructor(
    private readonly bus: CommandBus,
    // Raw SQL only (the personal_group_ids sequence): any Kysely or transaction runs it.
    private readonly db: QueryExecutorProvider,
  ) {}

  async ensure(userId: string): Promise<{ groups: Record<PersonalDepartment, number>; position: Position | null }> {
    let { state } = await this.bus.load(userStream(userId), personalGroupsDecider);
    if (!state.assigned) {
      const numbers = await sql<{ id: string }>`select nextval('personal_group_ids') as id from generate_series(1, 3)`.execute(this.db);
      const [family, friends, business] = numbers.rows.map((row) => Number(row.id)) as [number, number, number];
      // Whoever assigns first wins; a loser's numbers are simply never used.
      state = (
        await this.bus.run(userStream(userId), personalGroupsDecider, { type: 'assignPersonalGroups', userId, family, friends, business }, { actorId: null })
      ).state;
    }
    const assigned = state.assigned!;
    // Three independent streams: created side by side.
    const created = await Promise.all(
      PERSONAL_DEPARTMENTS.map((department) => {
        const groupId = assigned[department];
        const group: CatalogueGroup = {
          groupId,
          // Shown as "Amina's Family" by the query side: the owner's name stays out of the events.
          name: personalGroupLabel(department),
          department,
          subcategory: null,
          ownerId: userId,
          ...PERSONAL_GROUPS[department],
        };
        return this.bus.run(groupStream(groupId), groupsDecider, { type: 'createGroup', group }, { actorId: null, commandId: `personal-group-${groupId}` });
      }),
    );
    const positions = created
      .map((result) => result.position)
      .filter((position): position is Position => position !== null)
      .sort();
    const position = positions.at(-1) ?? null;
    return { groups: assigned, position };
  }

  /** Members who have no personal groups yet (accounts older than them, or a sign-up cut short). */
  async ensureMissing(readModels: Kysely<ReadModels>, limit = 200): Promise<number> {
    const missing = await readModels
      .selectFrom('users as u')
      .select('u.id')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('groups as g').select('g.id').whereRef('g.owner_id', '=', 'u.id').where('g.department', '=', 'family'))),
      )
      .orderBy('u.created_at')
      .limit(limit)
      .execute();
    for (const { id } of missing) await this.ensure(id);
    return missing.length;
  }
}
