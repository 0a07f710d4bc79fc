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
  const assets = path.join(root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: 'index.html',
    cacheControl: false,
    // The build writes `.br` and `.gz` beside each text file (web/scripts/precompress-plugin.ts):
    // sent as they are, by what the browser accepts (br, then gzip), else the file itself. A phone
    // on a slow link gets the smallest form, with no compression work per request.
    preCompressed: true,
    // Vite names each built asset by its content's hash: a browser may keep it for good (a phone's
    // second visit then loads nothing but index.html). index.html must be asked for again, or a new
    // build would never reach the browser. The answer depends on Accept-Encoding, so caches on the
    // way must keep the forms apart (vary), whichever form this one is.
    setHeaders(response, filePath) {
      response.setHeader('cache-control', filePath.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      response.setHeader('vary', 'accept-encoding');
    },
  });
  return true;
}

/** A missing asset is a 404, not the app's page: a page built before a deploy asks for its old chunks. */
export const isDeepLink = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') &&
  !url.startsWith('/api/') &&
  url !== '/api' &&
  !url.startsWith('/ws') &&
  url !== '/healthz' &&
  !url.startsWith('/assets/');
