import { Readable } from 'node:stream';
import {
  EXPORT_FORMAT,
  EXPORT_NOT_CHECKPOINTED,
  EXPORT_NOT_CLOSED,
  EXPORT_SINCE_UNKNOWN,
  GROUP_NOT_FOUND,
  NDJSON_TYPE,
  NOT_YET_CHECKPOINTED,
  NotFoundError,
  ServiceUnavailableError,
  TOPIC_NOT_FOUND,
  TopicIdParams,
  ValidationError,
  consistencyProof,
  consistencyRanges,
  groupIdParam,
  nodesFor,
  wholeNumberQuery,
  type CheckpointView,
  type EventStore,
  type ExportLine,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { cachedLeafBlinder, checkpointOfSize, latestCheckpoint, logSigningKey, merkleNodeSource } from '@civitas/service-kit/merkle-store';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import type { FastifyReply } from 'fastify';
import type { PlatformDatabase } from '@civitas/service-kit';
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import { z } from 'zod';
import type { QueryContext } from '../lib/viewer';
import { memberOf } from '@civitas/service-kit/route-policies';
import { mayAuditGroup, mayAuditTopic } from './personal-group-audits';
import { prepareTopic, publishedResult, topicEventLines, type ExportNotReady, type PreparedTopic, type TopicExportSource } from './topic-export';

interface AuditExportContext extends QueryContext {
  db: Kysely<PlatformDatabase>;
  store: EventStore;
}

const GroupExportParams = z.object({ id: groupIdParam() });
/** `?since=<tree size>`: decimal digits only (docs/decisions.md, Ids and numbers). */
const ExportQuery = z.object({
  since: wholeNumberQuery({ message: 'since must be a tree size (a whole number)', min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
});
/** How soon a checkpoint should have caught up (the checkpointer signs every few seconds while events arrive). */
const RETRY_AFTER_SECONDS = 5;
/** How soon an expired topic should be closed (the closing task runs every SCHEDULER_INTERVAL_SECONDS, 30 by default). */
const CLOSING_RETRY_AFTER_SECONDS = 30;
/** Leaves per read of the whole-log export. */
const LEAF_PAGE = 10_000;

/**
 * The audit exports (issue #15 item 5), NDJSON streamed (events/src/audit/export.contract.ts):
 * a topic's or a group's pseudonymous events with inclusion proofs against the latest signed
 * checkpoint and the published results, or the whole log's leaf hashes. Auditors and admins.
 * `?since=<tree size>` adds the consistency proof from a checkpoint the auditor already holds.
 */
export function auditExportRoutes(app: ZodRoutes, context: AuditExportContext): void {
  const { db, readModels, store } = context;
  const blinder = cachedLeafBlinder(db);

  app.get(
    '/api/audit/topics/:id/export',
    {
      config: { access: 'auditor', readModels: ['topics', 'groups', 'opinions', 'elections', 'delegation', 'merkle_log', 'users'] },
      schema: {
        tags: ['audit'],
        summary: 'A topic\u2019s pseudonymous events with inclusion proofs, the signed checkpoint and the published result, as NDJSON (auditors, admins)',
        params: TopicIdParams,
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const topicId = request.params.id;
      if (!(await mayAuditTopic(readModels, memberOf(request), topicId))) throw new NotFoundError(TOPIC_NOT_FOUND);
      const { checkpoint, opening } = await exportOpening(db, request.query.since);
      const source: TopicExportSource = { store, db, readModels, blind: await blinder() };
      const topic = ready(await prepareTopic(source, topicId, checkpoint), TOPIC_NOT_FOUND);
      return stream(
        reply,
        `civitas-topic-${topicId}.ndjson`,
        (async function* () {
          yield header('topic', topicId, null, await logPublicKey(db));
          yield* opening;
          yield* topicSection(source, topic, checkpoint.treeSize);
        })(),
      );
    },
  );

  app.get(
    '/api/audit/groups/:id/export',
    {
      config: { access: 'auditor', readModels: ['topics', 'groups', 'opinions', 'elections', 'delegation', 'merkle_log', 'users'] },
      schema: {
        tags: ['audit'],
        summary: 'Every topic of a group as in the topic export, one section each (auditors, admins)',
        params: GroupExportParams,
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const groupId = request.params.id;
      if (!(await mayAuditGroup(readModels, memberOf(request), groupId))) throw new NotFoundError(GROUP_NOT_FOUND);
      const { checkpoint, opening } = await exportOpening(db, request.query.since);
      const source: TopicExportSource = { store, db, readModels, blind: await blinder() };
      const topicIds = (await readModels.selectFrom('topics').select('id').where('group_id', '=', groupId).orderBy('created_position').execute()).map(
        (row) => row.id,
      );
      // Every topic is checked against the checkpoint before the first byte, so a 503 is still possible.
      const topics: PreparedTopic[] = [];
      for (const topicId of topicIds) {
        const prepared = await prepareTopic(source, topicId, checkpoint);
        if (prepared) topics.push(ready(prepared, GROUP_NOT_FOUND));
      }
      return stream(
        reply,
        `civitas-group-${groupId}.ndjson`,
        (async function* () {
          yield header('group', null, groupId, await logPublicKey(db));
          yield* opening;
          for (const topic of topics) yield* topicSection(source, topic, checkpoint.treeSize);
        })(),
      );
    },
  );

  app.get(
    '/api/audit/log/export',
    {
      config: { access: 'auditor', readModels: ['merkle_log', 'users'] },
      schema: {
        tags: ['audit'],
        summary: 'Every leaf hash of the log up to the latest signed checkpoint, in order, as NDJSON (auditors, admins)',
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const { checkpoint, opening } = await exportOpening(db, request.query.since);
      return stream(
        reply,
        `civitas-log-${checkpoint.treeSize}.ndjson`,
        (async function* () {
          yield header('log', null, null, await logPublicKey(db));
          yield* opening;
          for (let start = 0; start < checkpoint.treeSize; start += LEAF_PAGE) {
            const rows = await sql<{ leaf_index: string; position: string; leaf_hash: Buffer }>`
          select leaf_index, position, leaf_hash from ${sql.id(READ_SCHEMA, 'merkle_leaves')}
          where leaf_index >= ${String(start)}::bigint and leaf_index < ${String(Math.min(start + LEAF_PAGE, checkpoint.treeSize))}::bigint
          order by leaf_index`.execute(db);
            for (const row of rows.rows)
              yield { kind: 'leaf', leafIndex: Number(row.leaf_index), position: row.position, leafHash: row.leaf_hash.toString('base64') };
          }
        })(),
      );
    },
  );
}

function ready(prepared: PreparedTopic | null | ExportNotReady, notFound: string): PreparedTopic {
  if (prepared === 'notCheckpointed') throw new ServiceUnavailableError(EXPORT_NOT_CHECKPOINTED, RETRY_AFTER_SECONDS);
  if (prepared === 'notClosed') throw new ServiceUnavailableError(EXPORT_NOT_CLOSED, CLOSING_RETRY_AFTER_SECONDS);
  if (!prepared) throw new NotFoundError(notFound);
  return prepared;
}

const header = (scope: 'topic' | 'group' | 'log', topicId: string | null, groupId: number | null, publicKey: string): ExportLine => ({
  kind: 'header',
  format: EXPORT_FORMAT,
  scope,
  topicId,
  groupId,
  generatedAt: new Date().toISOString(),
  publicKey,
});

const logPublicKey = async (db: QueryExecutorProvider) => (await logSigningKey(db)).publicKey.toString('base64');

/** The latest checkpoint, and the lines that open the export: it, and the consistency proof from `since` when asked. */
async function exportOpening(db: QueryExecutorProvider, since: number | undefined): Promise<{ checkpoint: CheckpointView; opening: ExportLine[] }> {
  const checkpoint = await latestCheckpoint(db);
  if (!checkpoint) throw new ServiceUnavailableError(NOT_YET_CHECKPOINTED, RETRY_AFTER_SECONDS);
  const opening: ExportLine[] = [{ kind: 'checkpoint', checkpoint }];
  if (since !== undefined) {
    const from = since <= checkpoint.treeSize ? await checkpointOfSize(db, since) : null;
    if (!from) throw new ValidationError(EXPORT_SINCE_UNKNOWN);
    const source = await merkleNodeSource(db, nodesFor(consistencyRanges(from.treeSize, checkpoint.treeSize)));
    opening.push({ kind: 'consistency', from, proof: consistencyProof(from.treeSize, checkpoint.treeSize, source).map((hash) => hash.toString('base64')) });
  }
  return { checkpoint, opening };
}

async function* topicSection(source: TopicExportSource, topic: PreparedTopic, treeSize: number): AsyncGenerator<ExportLine> {
  yield { kind: 'topic', topicId: topic.topicId };
  yield* topicEventLines(source, topic, treeSize);
  const result = await publishedResult(source, topic.topicId);
  if (result) yield result;
}

/** Lines as NDJSON, a few hundred per chunk, ending with the count of lines before `end` (a cut download is caught). */
function stream(reply: FastifyReply, filename: string, lines: AsyncGenerator<ExportLine>) {
  async function* text() {
    let count = 0;
    let chunk = '';
    for await (const line of lines) {
      chunk += `${JSON.stringify(line)}\n`;
      count += 1;
      if (chunk.length > 256 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}${JSON.stringify({ kind: 'end', lines: count })}\n`;
  }
  reply.header('content-type', NDJSON_TYPE).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');
  return reply.send(Readable.from(text()));
}
