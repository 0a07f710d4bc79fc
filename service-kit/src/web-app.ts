import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app; deep links (any GET that is not an API or asset request)
 * fall back to index.html so the client router can answer them.
 */
export async function serveWebApp(app: FastifyInstance, webRoot: string): Promise<boolean> {
  const root = path.resolve(webRoot);
  if (!existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, { root, wildcard: false, index: 'index.html' });
  return true;
}

export const isDeepLink = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/ws') && url !== '/healthz';
