import {
  MemberReceipts,
  RECEIPTS_FORMAT,
  RECEIPT_EVENT_TYPES,
  TopicIdParams,
  ballotStream,
  storedEventLeafHash,
  voteStream,
  type EventStore,
  type RecordedEvent,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { cachedLeafBlinder } from '@civitas/service-kit/merkle-store';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { QueryExecutorProvider } from 'kysely';
import { TOPIC_READ_MODELS } from '../lib/group-visibility';
import { viewerOf, type QueryContext } from '../lib/viewer';
import type { FindVisibleTopic } from './audit-topics.routes';

interface MemberReceiptsContext extends QueryContext {
  db: QueryExecutorProvider;
  store: EventStore;
  findVisibleTopic: FindVisibleTopic;
}

/**
 * A member's receipts for one topic from any device (issue #40 item 2): every vote, withdrawal and
 * ballot in their own streams, each with the leaf hash the vote answer gave (the same function as
 * the merkle_log projection, docs/decisions.md "Receipts in the verifier"). Read from the event store,
 * so a vote answered a moment ago is here at once.
 */
export function memberReceiptsRoutes(app: ZodRoutes, context: MemberReceiptsContext): void {
  const { readModels, auth, db, store } = context;
  const blinder = cachedLeafBlinder(db);

  app.get(
    '/api/topics/:id/receipts',
    {
      config: { access: 'member', readModels: TOPIC_READ_MODELS },
      schema: {
        tags: ['audit'],
        summary: 'The receipts of the member\u2019s own votes and ballots on a topic, oldest first, for civitas-verify --receipt',
        params: TopicIdParams,
        response: { 200: MemberReceipts },
      },
    },
    async (request): Promise<MemberReceipts> => {
      const memberId = memberOf(request);
      const topicId = request.params.id;
      await context.findVisibleTopic(context, topicId, await viewerOf(request, auth, readModels));
      // The topic's opinions from its own record, so an opinion posted a moment ago is not missed.
      const opinions = await store.readTopicEvents(topicId, ['OpinionPosted']);
      const streams = [...opinions.map((event) => voteStream((event.data as { opinionId: string }).opinionId, memberId)), ballotStream(topicId, memberId)];
      const choices: RecordedEvent[] = [...(await store.readStreams(streams)).values()].flat().filter((event) => RECEIPT_EVENT_TYPES.has(event.type));
      choices.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
      const blind = await blinder();
      return {
        format: RECEIPTS_FORMAT,
        topicId,
        receipts: choices.map((event) => ({ eventId: event.id, leafHash: storedEventLeafHash(event, blind).toString('base64') })),
      };
    },
  );
}
