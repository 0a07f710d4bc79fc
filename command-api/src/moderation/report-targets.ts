import { NotFoundError, REPORT_TARGET_NOT_FOUND, existingId, isPersonalDepartment, type EventStore, type ReportTargetType } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import { projectionCaughtUp } from '@civitas/service-kit/read-models';

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}

/** A reported item found: the topic it is on and who wrote it. */
export interface LocatedTarget extends ReportTarget {
  topicId: string;
  authorId: string;
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

  async requireVisible(userId: string, target: ReportTarget): Promise<LocatedTarget> {
    const message = REPORT_TARGET_NOT_FOUND[target.type];
    const id = existingId(target.id, message);
    // Read after the read models have caught up with the store: an item posted, a topic deleted or a
    // member who left a moment ago is judged as it is now (reports are rare; the wait is milliseconds).
    await this.caughtUp(target.type);
    const item = await this.locate(target.type, id);
    if (!item || (await this.visible(userId, item.topicId)) !== 'visible') throw new NotFoundError(message);
    return item;
  }

  /** Where a reported item is and who wrote it (for an admin's action on it), null when it no longer exists. */
  async locate(type: ReportTargetType, id: string): Promise<LocatedTarget | null> {
    await this.caughtUp(type);
    const row = await this.rowOf(type, id);
    return row ? { type, id, topicId: row.topic_id, authorId: row.user_id } : null;
  }

  private async caughtUp(type: ReportTargetType): Promise<void> {
    await Promise.all([PROJECTION_OF[type], 'topics', 'groups'].map((name) => projectionCaughtUp(this.store, this.readModels, name)));
  }

  private async visible(userId: string, topicId: string): Promise<'visible' | 'hidden' | 'missing'> {
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

  private async rowOf(type: ReportTargetType, id: string): Promise<{ topic_id: string; user_id: string } | undefined> {
    switch (type) {
      case 'topic':
        return this.readModels.selectFrom('topics').select(['id as topic_id', 'created_by as user_id']).where('id', '=', id).executeTakeFirst();
      case 'opinion':
        return this.readModels.selectFrom('opinions').select(['topic_id', 'user_id']).where('id', '=', id).executeTakeFirst();
      case 'chat_message':
        return this.readModels.selectFrom('chat_messages').select(['topic_id', 'user_id']).where('id', '=', id).executeTakeFirst();
    }
  }
}
