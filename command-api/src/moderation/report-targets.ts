import { NotFoundError, REPORT_TARGET_NOT_FOUND, existingId, isPersonalDepartment, type EventStore, type ReportTargetType } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import { projectionCaughtUp } from '@civitas/service-kit/read-models';

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}

/** The projection that holds each kind of reportable item. */
const PROJECTION_OF = { topic: 'topics', opinion: 'opinions', chat_message: 'chat' } as const;

/**
 * What a member may report: a topic, opinion or chat message that exists (its topic not deleted)
 * and that the member can see. Anything else is a 404 with the item's own 'not found', so a report
 * reveals nothing of private groups. Looked up in the read models once they have caught up.
 */
export class ReportTargets {
  constructor(
    private readonly store: EventStore,
    private readonly readModels: Kysely<ReadModels>,
  ) {}

  async requireVisible(userId: string, target: ReportTarget): Promise<ReportTarget> {
    const message = REPORT_TARGET_NOT_FOUND[target.type];
    const id = existingId(target.id, message);
    // Read after the read models have caught up with the store: an item posted, a topic deleted or a
    // member who left a moment ago is judged as it is now (reports are rare; the wait is milliseconds).
    await Promise.all([PROJECTION_OF[target.type], 'topics', 'groups'].map((name) => projectionCaughtUp(this.store, this.readModels, name)));
    if ((await this.visible(userId, target.type, id)) !== 'visible') throw new NotFoundError(message);
    return { type: target.type, id };
  }

  private async visible(userId: string, type: ReportTargetType, id: string): Promise<'visible' | 'hidden' | 'missing'> {
    const topicId = await this.topicOf(type, id);
    if (!topicId) return 'missing';
    const topic = await this.readModels
      .selectFrom('topics as t')
      .innerJoin('groups as g', 'g.id', 't.group_id')
      .select(['t.status', 'g.id as group_id', 'g.department'])
      .where('t.id', '=', topicId)
      .executeTakeFirst();
    if (!topic) return 'missing';
    // A deleted topic and everything on it is gone for members.
    if (topic.status === 'deleted') return 'hidden';
    if (!isPersonalDepartment(topic.department)) return 'visible';
    // A personal group (and what is said in it) is seen by its members only.
    const member = await this.readModels
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', topic.group_id)
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return member ? 'visible' : 'hidden';
  }

  private async topicOf(type: ReportTargetType, id: string): Promise<string | null> {
    switch (type) {
      case 'topic':
        return id;
      case 'opinion':
        return (await this.readModels.selectFrom('opinions').select('topic_id').where('id', '=', id).executeTakeFirst())?.topic_id ?? null;
      case 'chat_message':
        return (await this.readModels.selectFrom('chat_messages').select('topic_id').where('id', '=', id).executeTakeFirst())?.topic_id ?? null;
    }
  }
}
