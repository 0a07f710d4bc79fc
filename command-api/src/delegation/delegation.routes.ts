import {
  AssignDelegateBody,
  DELEGATE_NOT_FOUND,
  DELEGATION_NOT_FOUND,
  DelegateSearchBody,
  DelegateSearchReply,
  DelegationReply,
  existingId,
  serialParam,
  uuidParam,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import type { DelegationService } from './delegation-service';

/** docs/product.md, Calls, 'Delegation': the calls that change delegations, and the delegate search (a POST). */
export function delegationRoutes(app: ZodRoutes, { delegation }: { delegation: DelegationService }): void {
  app.post(
    '/api/delegates/search',
    {
      config: { access: 'member' },
      schema: {
        tags: ['delegation'],
        summary: 'Members who may take part in a group, by name (a personal group: its members, searched by a member)',
        body: DelegateSearchBody,
        response: { 200: DelegateSearchReply },
      },
    },
    async (request) => delegation.search(memberOf(request), request.body),
  );

  const assign = async (userId: string, body: AssignDelegateBody) =>
    delegation.assign(userId, { delegateId: existingId(body.delegateId, DELEGATE_NOT_FOUND), groupId: body.groupId });
  // Both forms of docs/product.md, Calls: the search dialog's and the user id form's.
  for (const path of ['/api/delegates/assign', '/api/delegations']) {
    app.post(
      path,
      {
        config: { access: 'member' },
        schema: {
          tags: ['delegation'],
          summary: 'Name my delegate in a group (a new one replaces the current one)',
          body: AssignDelegateBody,
          response: { 200: DelegationReply },
        },
      },
      async (request) => assign(memberOf(request), request.body),
    );
  }

  app.delete(
    '/api/delegates/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['delegation'],
        summary: 'End one of my delegations by its id',
        params: z.object({ id: uuidParam(DELEGATION_NOT_FOUND) }),
        response: { 200: DelegationReply },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      return delegation.revokeById(userId, request.params.id);
    },
  );

  app.delete(
    '/api/delegations/:groupId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['delegation'],
        summary: 'End my delegation in a group',
        params: z.object({ groupId: serialParam(DELEGATION_NOT_FOUND) }),
        response: { 200: DelegationReply },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      return delegation.revokeInGroup(userId, request.params.groupId);
    },
  );
}
