import { CommandReply, GroupQuorumView, ONLY_LEADERS_SET_QUORUM, SetQuorumBody, groupIdParam } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import { SIGNED_OUT, refusal } from '../lib/refusal-docs';
import type { GroupsService } from './groups-service';

const GroupParams = z.object({ id: groupIdParam() });
/** The quorums as GET /api/groups/<id>/quorum shows them, and the position of the change for read-your-writes. */
const SetQuorumReply = CommandReply.extend(GroupQuorumView.shape);

/** The group commands members send themselves (memberships change through invitations and their owners' removals). */
export function groupsRoutes(app: ZodRoutes, { groups }: { groups: GroupsService }): void {
  app.put(
    '/api/groups/:id/quorum',
    {
      config: { access: 'member' },
      schema: {
        tags: ['groups'],
        summary: 'Set the group\u2019s quorum for one topic type that decides (its leaders; a personal group\u2019s owner); topics opened after are held to it',
        description:
          'The share of the group\u2019s eligible weight that must take part before a law amendment, a dispute resolution or an election decides anything. The value in force again changes nothing.',
        params: GroupParams,
        body: SetQuorumBody,
        response: {
          200: SetQuorumReply,
          400: refusal(
            "A `topicType` other than 'law_amendment', 'dispute_resolution' or 'election', or a `quorumPercent` that is not a whole number from 0 to 100.",
          ),
          401: SIGNED_OUT,
          403: refusal(`\`${ONLY_LEADERS_SET_QUORUM}\``),
          404: refusal('`Group not found`.'),
        },
      },
    },
    async (request) => groups.setQuorum(memberOf(request), request.params.id, request.body),
  );
}
