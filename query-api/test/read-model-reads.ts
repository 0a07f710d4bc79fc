import { AsyncLocalStorage } from 'node:async_hooks';
import { projections } from '@civitas/projector';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, OperationNode } from 'kysely';

/**
 * Read-your-writes holds only for what a route waits for: every read-model table a request reads must
 * belong to a projection its route names in `config.readModels` (a table read beside them could lag
 * the client's own write). The query apps of the route tests read through this recorder and refuse
 * to close over a request that read beyond its declaration.
 */

const ownerOf = new Map<string, string>(projections.flatMap((projection) => projection.tables.map((table) => [table.name, projection.name] as const)));

type Node = OperationNode & Record<string, unknown>;

/** The read-model tables an operation tree names: query-builder tables, and `read_model.<table>` in raw SQL. */
function tablesIn(node: unknown, tables: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) tablesIn(item, tables);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const operation = node as Node;
  if (operation.kind === 'TableNode') tables.add((operation.table as { identifier: { name: string } }).identifier.name);
  if (operation.kind === 'RawNode') {
    for (const fragment of operation.sqlFragments as string[]) for (const match of fragment.matchAll(/\bread_model\."?(\w+)"?/g)) tables.add(match[1]!);
    // sql.id(schema, table)
    const parameters = operation.parameters as Node[];
    parameters.forEach((parameter, index) => {
      const next = parameters[index + 1];
      if (parameter.kind === 'IdentifierNode' && parameter.name === READ_SCHEMA && next?.kind === 'IdentifierNode') tables.add(next.name as string);
    });
  }
  for (const child of Object.values(operation)) if (child !== null && typeof child === 'object') tablesIn(child, tables);
}

export interface ReadModelReads {
  /** A Kysely plugin that notes the tables each request's queries read. */
  plugin: KyselyPlugin;
  /** Requests that read a table of a projection their route does not name, one line each. */
  undeclared: string[];
}

export function recordReadModelReads(app: FastifyInstance): ReadModelReads {
  const reading = new AsyncLocalStorage<Set<string>>();
  const undeclared: string[] = [];
  app.addHook('onRequest', (_request, _reply, done) => reading.run(new Set(), done));
  app.addHook('onResponse', async (request) => {
    const tables = reading.getStore();
    if (!tables) return;
    const declared = new Set<string>(request.routeOptions.config?.readModels ?? []);
    const outside = [...tables].filter((table) => ownerOf.has(table) && !declared.has(ownerOf.get(table)!));
    if (outside.length > 0) {
      undeclared.push(
        `${request.method} ${request.routeOptions.url} reads ${outside.map((table) => `${table} (${ownerOf.get(table)})`).join(', ')} without waiting for it`,
      );
    }
  });
  return {
    undeclared,
    plugin: {
      transformQuery({ node }) {
        const tables = reading.getStore();
        if (tables) tablesIn(node, tables);
        return node;
      },
      transformResult: async ({ result }) => result,
    },
  };
}
