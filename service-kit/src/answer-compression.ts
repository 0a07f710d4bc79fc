import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * API answers are sent uncompressed unless their route opts in with `...compressedAnswer`
 * (docs/decisions.md, "Compressed answers"): a compressed answer that holds a member's data beside
 * text someone else can put in it (a query, a name, a message) leaks that data to whoever watches
 * its length (BREACH). Only answers with no such text opt in: the groups catalogue (fixed names and
 * counts, and the reader's own groups).
 */
export async function registerAnswerCompression(app: FastifyInstance): Promise<void> {
  // global: false: only the routes below compress; web assets come compressed from the build already.
  await app.register(compress, { global: false });
}

/** Route options that compress the answer: brotli at a quality a request can afford (11 takes ~10x longer for ~5% less), else gzip. */
export const compressedAnswer = {
  compress: {
    encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  },
} as const;
