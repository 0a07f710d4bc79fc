import {
  GroupDelegationView,
  NotFoundError,
  OPINION_NOT_FOUND,
  ReceiptView,
  DelegationView,
  carriedWeight,
  personName,
  resolve,
  uuidParam,
  type VoteType,
} from '@civitas/events';
import type { ProjectionName, ReadModels } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { GroupIdParams, findVisibleGroup } from '../lib/group-visibility';
import { requireViewer, type QueryContext } from '../lib/viewer';
import { catchmentOf, chainOf, eligibilityGroup, type NetworkPart } from './delegation-network';
import { shownFirstName } from '../lib/person-names';

/** Who may see a group and what eligibility knows: the reads every delegation route starts from. */
const VIEWER_READ_MODELS: ProjectionName[] = ['delegation', 'groups', 'users', 'user_verifications', 'participation'];
const NO_WEIGHT = { directDelegators: 0, weight: 0 };

/** A member's delegations (all, or the active one in a group) with the delegate's names and the group's name. */
const delegationRows = (readModels: Kysely<ReadModels>, delegatorId: string) =>
  readModels
    .selectFrom('delegations as d')
    .innerJoin('groups as g', 'g.id', 'd.group_id')
    .leftJoin('users as u', 'u.id', 'd.delegate_id')
    .select([
      'd.id',
      'd.delegator_id',
      'd.delegate_id',
      'd.group_id',
      'd.is_active',
      'd.created_at',
      'd.updated_at',
      'g.name',
      shownFirstName('u'),
      'u.last_name',
      'u.profile_image_url',
    ])
    .where('d.delegator_id', '=', delegatorId);

type DelegationRow = Awaited<ReturnType<ReturnType<typeof delegationRows>['execute']>>[number];

const toDelegationView = (row: DelegationRow): DelegationView => ({
  id: row.id,
  delegatorId: row.delegator_id,
  delegateId: row.delegate_id,
  groupId: row.group_id,
  isActive: row.is_active,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  delegate: { firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url },
  group: { name: row.name },
});

/** A member as a receipt names them (an erased one's first name already reads 'Deleted member'). */
const nameOf = (network: NetworkPart, memberId: string) => {
  const row = network.members.get(memberId);
  return personName({ firstName: row?.first_name, lastName: row?.last_name });
};

/** docs/product.md, Calls, 'Delegation' (the reads), and the receipts of issue 11: always the signed-in member's own. */
export function delegationRoutes(app: ZodRoutes, context: QueryContext): void {
  const { readModels } = context;

  app.get(
    '/api/user/delegations',
    {
      config: { access: 'member', readModels: ['delegation', 'groups', 'users'] },
      schema: { tags: ['delegation'], summary: 'My delegations, active and ended, newest first', response: { 200: z.array(DelegationView) } },
    },
    async (request) => {
      const userId = memberOf(request);
      const rows = await delegationRows(readModels, userId).orderBy('d.created_at', 'desc').orderBy('d.id').limit(1000).execute();
      return rows.map(toDelegationView);
    },
  );

  app.get(
    '/api/delegations/:id',
    {
      config: { access: 'member', readModels: VIEWER_READ_MODELS },
      schema: {
        tags: ['delegation'],
        summary: 'My delegate in a group and the weight I carry there',
        params: GroupIdParams,
        response: { 200: GroupDelegationView },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, context);
      const visible = await findVisibleGroup(context, request.params.id, viewer);
      const [active, group] = await Promise.all([
        delegationRows(readModels, viewer.userId).where('d.group_id', '=', visible.id).where('d.is_active', '=', true).executeTakeFirst(),
        eligibilityGroup(readModels, visible.id),
      ]);
      const carried = group ? await catchmentOf(readModels, { ...group, groupId: visible.id }, viewer.userId) : undefined;
      const { directDelegators, weight } = carried ? carriedWeight(carried, viewer.userId) : NO_WEIGHT;
      return { groupId: visible.id, delegation: active ? toDelegationView(active) : null, carried: { directDelegators, weight } };
    },
  );

  app.get(
    '/api/opinions/:id/receipt',
    {
      config: { access: 'member', readModels: [...VIEWER_READ_MODELS, 'opinions', 'topics'] },
      schema: {
        tags: ['delegation'],
        summary: 'Where my weight went on an opinion',
        params: z.object({ id: uuidParam(OPINION_NOT_FOUND) }),
        response: { 200: ReceiptView },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, context);
      const opinion = await readModels
        .selectFrom('opinions as o')
        .innerJoin('topics as t', 't.id', 'o.topic_id')
        .select(['o.id', 'o.group_id'])
        .where('o.id', '=', request.params.id)
        .where('t.status', '<>', 'deleted')
        .executeTakeFirst();
      if (!opinion) throw new NotFoundError(OPINION_NOT_FOUND);
      // An opinion in a group the member may not see does not exist for them.
      await findVisibleGroup(context, opinion.group_id, viewer).catch((error: unknown) => {
        throw error instanceof NotFoundError ? new NotFoundError(OPINION_NOT_FOUND) : error;
      });
      const group = await eligibilityGroup(readModels, opinion.group_id);
      if (!group) throw new NotFoundError(OPINION_NOT_FOUND);
      const chain = await chainOf(readModels, { ...group, groupId: opinion.group_id }, viewer.userId, opinion.id);
      const choices = new Map([...chain.members.values()].flatMap((row) => (row.choice === null ? [] : [[row.user_id, row.choice] as const])));
      const resolution = resolve(chain, choices, viewer.userId);
      const path = resolution.path.map((id) => ({
        id,
        firstName: chain.members.get(id)?.first_name ?? null,
        lastName: chain.members.get(id)?.last_name ?? null,
      }));
      const base = { opinionId: opinion.id, groupId: opinion.group_id, path };
      switch (resolution.kind) {
        case 'direct':
          return { ...base, outcome: 'direct' as const, reason: null, joinedVote: resolution.choice as VoteType, summary: 'voted directly' };
        case 'delegated':
          return {
            ...base,
            outcome: 'delegated' as const,
            reason: null,
            joinedVote: resolution.choice as VoteType,
            summary: `${resolution.path.map((id) => nameOf(chain, id)).join(' -> ')} (${resolution.choice})`,
          };
        case 'abstained':
          return { ...base, outcome: 'abstained' as const, reason: resolution.reason, joinedVote: null, summary: ABSTAINED[resolution.reason] };
      }
    },
  );
}

const ABSTAINED = {
  cycle: 'abstained: cycle',
  no_direct_vote: 'abstained: no direct vote on the chain',
  ineligible: 'abstained: not eligible in this group',
} as const;
