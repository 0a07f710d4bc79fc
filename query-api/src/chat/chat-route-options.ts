import type { GroupRow } from '../lib/group-visibility';
import type { ParticipantProfile, QueryContext } from '../lib/viewer';

/** What the chat routes are given: the query context and the topics feature's visibility rule. */
export interface ChatRouteOptions extends QueryContext {
  /** The topics feature's rule (the topic GET's): the topic if the viewer may see it, else a 404. */
  findVisibleTopic(
    context: QueryContext,
    topicId: string,
    viewer: ParticipantProfile | null,
  ): Promise<{ row: { id: string }; group: Pick<GroupRow, 'id' | 'department'> }>;
}
