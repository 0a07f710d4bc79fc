import {
  BusinessMemberView,
  FriendView,
  GROUP_NOT_FOUND,
  PERSONAL_DEPARTMENTS,
  INVITATION_NOT_FOUND,
  InvitationLookup,
  InvitationView,
  NotFoundError,
  OWNER_ONLY,
  ForbiddenError,
  groupIdParam,
  invitationIdFor,
  invitationLink,
  personName,
  personalGroupName,
  type InvitationKind,
  type InvitationStatus,
} from '@civitas/events';
import type { ProjectionName, ReadModelRow } from '@civitas/projector/read-models';
import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { FastifyRequest } from 'fastify';
import type { PlatformDatabase } from '@civitas/service-kit';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { iso } from '../lib/iso';
import type { QueryContext } from '../lib/viewer';
import { shownFirstName } from '../lib/person-names';

const GroupParams = z.object({ groupId: groupIdParam() });
const READ_MODELS: ProjectionName[] = ['invitations', 'groups', 'users'];

const statusOf = (row: Pick<ReadModelRow<'invitations'>, 'status' | 'expires_at'>, now: Date): InvitationStatus =>
  row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status;

/** The owner's lists, the invitees' lookups: owners see their groups' invitations with their links, anyone with a link sees that one. */
export function invitationsRoutes(app: ZodRoutes, context: QueryContext & { db: Kysely<PlatformDatabase>; publicBaseUrl: string }): void {
  const { readModels, auth, now } = context;
  const vault = new PersonalDataVault(context.db);

  /** The group, if the signed-in member owns it and it is of this kind; 404 or 403 otherwise. */
  const ownedGroup = async (request: FastifyRequest, groupId: number, kind: InvitationKind) => {
    const userId = memberOf(request);
    const group = await readModels.selectFrom('groups').select(['id', 'owner_id', 'department']).where('id', '=', groupId).executeTakeFirst();
    if (!group || group.department !== kind) throw new NotFoundError(GROUP_NOT_FOUND);
    if (group.owner_id !== userId) throw new ForbiddenError(OWNER_ONLY);
    return group;
  };

  for (const kind of PERSONAL_DEPARTMENTS) {
    app.get(
      `/api/${kind}/:groupId/invitations`,
      {
        config: { access: 'member', readModels: READ_MODELS },
        schema: {
          tags: ['invitations'],
          summary: `My ${kind} group's invitations, newest first`,
          params: GroupParams,
          response: { 200: z.array(InvitationView) },
        },
      },
      async (request) => {
        const group = await ownedGroup(request, request.params.groupId, kind);
        const rows = await readModels
          .selectFrom('invitations')
          .selectAll()
          .where('group_id', '=', group.id)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(200)
          .execute();
        // Each invitation is its own subject: their keys are read in one go.
        const tokens = await vault.openEach(rows.map((row) => ({ subjectId: row.id, sealed: row.token_sealed })));
        return rows.map((row, index) => {
          const token = tokens[index];
          return {
            id: row.id,
            kind: row.kind,
            email: row.email ?? '',
            groupId: row.group_id,
            invitedBy: row.invited_by,
            status: statusOf(row, now()),
            acceptedBy: row.accepted_by,
            acceptedAt: iso(row.accepted_at),
            expiresAt: row.expires_at.toISOString(),
            createdAt: row.created_at.toISOString(),
            invitationLink: token ? invitationLink(context.publicBaseUrl, kind, token) : '',
          };
        });
      },
    );

    app.get(
      `/api/${kind}/invite/:token`,
      {
        config: { access: 'public', readModels: READ_MODELS },
        schema: {
          tags: ['invitations'],
          summary: `The ${kind} invitation a link names (signed in or not)`,
          params: z.object({ token: z.string() }),
          response: { 200: InvitationLookup },
        },
      },
      async (request) => {
        const row = await readModels
          .selectFrom('invitations as i')
          .leftJoin('users as u', 'u.id', 'i.invited_by')
          .select(['i.kind', 'i.email', 'i.group_id', 'i.status', 'i.expires_at', 'i.accepted_by', shownFirstName('u'), 'u.last_name'])
          .where('i.id', '=', invitationIdFor(request.params.token))
          .executeTakeFirst();
        if (!row || row.kind !== kind || row.email === null) throw new NotFoundError(INVITATION_NOT_FOUND);
        const session = await auth.current(request);
        return {
          acceptedByYou: session !== null && row.accepted_by === session.userId,
          email: row.email,
          groupId: row.group_id,
          groupName: personalGroupName(row.first_name, row.kind),
          inviterName: personName({ firstName: row.first_name, lastName: row.last_name }),
          status: statusOf(row, now()),
          expiresAt: row.expires_at.toISOString(),
        };
      },
    );
  }

  // The members the owner invited (the owner is a member too, not one of their own friends or colleagues).
  const members = (groupId: number) =>
    readModels
      .selectFrom('group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.status', 'm.joined_at', 'm.removed_at', shownFirstName('u'), 'u.last_name', sql<string>`coalesce(u.email, '')`.as('email')])
      .where('m.group_id', '=', groupId)
      .where('m.role', '=', 'member')
      // Active first, then the most recent.
      .orderBy(({ eb }) => eb.case().when('m.status', '=', 'active').then(0).else(1).end())
      .orderBy('m.joined_at', 'desc')
      .execute();

  app.get(
    '/api/friends/:groupId/friends',
    {
      config: { access: 'member', readModels: READ_MODELS },
      schema: { tags: ['invitations'], summary: 'My friends group\u2019s friends', params: GroupParams, response: { 200: z.array(FriendView) } },
    },
    async (request) => {
      const group = await ownedGroup(request, request.params.groupId, 'friends');
      return (await members(group.id)).map((row) => ({
        id: `${group.id}:${row.user_id}`,
        friendId: row.user_id,
        status: row.status === 'active' ? ('active' as const) : ('cut' as const),
        friend: { firstName: row.first_name, lastName: row.last_name, email: row.email },
        createdAt: row.joined_at.toISOString(),
        cutAt: iso(row.removed_at),
      }));
    },
  );

  app.get(
    '/api/business/:groupId/members',
    {
      config: { access: 'member', readModels: READ_MODELS },
      schema: { tags: ['invitations'], summary: 'My business group\u2019s colleagues', params: GroupParams, response: { 200: z.array(BusinessMemberView) } },
    },
    async (request) => {
      const group = await ownedGroup(request, request.params.groupId, 'business');
      return (await members(group.id)).map((row) => ({
        id: `${group.id}:${row.user_id}`,
        memberId: row.user_id,
        status: row.status === 'active' ? ('active' as const) : ('fired' as const),
        member: { firstName: row.first_name, lastName: row.last_name, email: row.email },
        createdAt: row.joined_at.toISOString(),
        firedAt: iso(row.removed_at),
      }));
    },
  );
}
