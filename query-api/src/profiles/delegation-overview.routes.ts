import { DelegationOverview, type CarriedWeight, type DelegationOverviewGroup } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { QueryContext } from '../lib/viewer';
import { shownFirstName } from '../lib/person-names';

/** The weight a member carries in a group, from the weighted tally engine (composed in app.ts from the delegation feature). */
export type CarriedWeightOf = (groupId: number, memberId: string) => Promise<CarriedWeight | null>;

export function delegationOverviewRoutes(app: ZodRoutes, { readModels, carriedWeightOf }: QueryContext & { carriedWeightOf: CarriedWeightOf }): void {
  app.get(
    '/api/user/delegations/overview',
    {
      config: { access: 'member', readModels: ['delegation', 'groups', 'users', 'user_verifications', 'participation'] },
      schema: {
        tags: ['profiles', 'delegation'],
        summary: 'Per group: my delegate, the members who delegate to me, and the weight I carry',
        response: { 200: DelegationOverview },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const active = (side: 'delegator_id' | 'delegate_id', other: 'delegator_id' | 'delegate_id') =>
        readModels
          .selectFrom('delegations as d')
          .innerJoin('groups as g', 'g.id', 'd.group_id')
          .leftJoin('users as u', 'u.id', `d.${other}`)
          .select([
            'd.id',
            'd.group_id',
            'g.name as group_name',
            `d.${other} as other_id`,
            'd.created_at',
            shownFirstName('u'),
            'u.last_name',
            'u.profile_image_url',
          ])
          .where(`d.${side}`, '=', userId)
          .where('d.is_active', '=', true)
          .orderBy('d.created_at')
          .orderBy('d.id')
          .execute();
      const [given, received] = await Promise.all([active('delegator_id', 'delegate_id'), active('delegate_id', 'delegator_id')]);
      const person = (row: (typeof given)[number]) => ({
        id: row.other_id,
        firstName: row.first_name,
        lastName: row.last_name,
        profileImageUrl: row.profile_image_url,
      });
      const groups = new Map<number, Omit<DelegationOverviewGroup, 'carried'>>();
      const groupOf = (row: (typeof given)[number]) => {
        const known = groups.get(row.group_id) ?? { groupId: row.group_id, groupName: row.group_name, given: null, received: [] };
        groups.set(row.group_id, known);
        return known;
      };
      for (const row of given) groupOf(row).given = { delegationId: row.id, delegate: person(row), since: row.created_at.toISOString() };
      for (const row of received) groupOf(row).received.push({ delegator: person(row), since: row.created_at.toISOString() });
      const ordered = [...groups.values()].sort((a, b) => a.groupName.localeCompare(b.groupName, 'en') || a.groupId - b.groupId);
      return Promise.all(ordered.map(async (group) => ({ ...group, carried: await carriedWeightOf(group.groupId, userId) })));
    },
  );
}
