import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text formats worth compressing; images and fonts of the build are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The two encodings written beside a file: brotli at its highest quality and gzip at level 9. Done
 * once at build time, so the cost of the best ratio is paid once, not on every request.
 */
export async function compressed(content: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of the build (the chunks, the
 * styles, index.html, the public folder's SVG), for the servers to send as they are: the app's own
 * (`service-kit/src/web-app.ts`, `preCompressed`) and the gateway (`gzip_static`). A variant that
 * comes out no smaller than the file is not written, so the file itself is sent. Vite's own
 * `.vite/` folder (the manifest) is never served and is left alone.
 */
export async function precompressDir(outDir: string): Promise<{ files: number; bytes: number; brBytes: number; gzBytes: number }> {
  const totals = { files: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file) && !relative(outDir, file).startsWith('.vite'));
  // A few at a time: zlib runs on libuv's thread pool, and brotli at quality 11 is the slow part of the build.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const content = await readFile(file);
      const { br, gz } = await compressed(content);
      totals.files += 1;
      totals.bytes += content.length;
      if (br.length < content.length) {
        await writeFile(`${file}.br`, br);
        totals.brBytes += br.length;
      } else totals.brBytes += content.length;
      if (gz.length < content.length) {
        await writeFile(`${file}.gz`, gz);
        totals.gzBytes += gz.length;
      } else totals.gzBytes += content.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return totals;
}

/** The build step: runs once the bundle and the public folder are written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'civitas-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const totals = await precompressDir(resolve(config.root, config.build.outDir));
      const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      config.logger.info(
        `precompressed ${totals.files} files: ${kB(totals.bytes)} raw, ${kB(totals.brBytes)} brotli, ${kB(totals.gzBytes)} gzip (.br and .gz beside each)`,
      );
    },
  };
}
