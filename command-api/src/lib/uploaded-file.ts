import type { MultipartFile } from '@fastify/multipart';

/**
 * The part's bytes, or `tooLarge()` once it went past the scope's `fileSize` limit. busboy marks a
 * part `truncated` when it cuts it, but `toBuffer` only notices if a chunk arrives after the cut: a
 * client that pauses exactly at the limit gets the cut-off bytes back as if complete (and an image
 * padded past its end still decodes, issue 38). So the flag is read again once the part is in.
 */
export async function readWholeFile(part: MultipartFile, tooLarge: () => Error): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (part.file.truncated) throw tooLarge();
  return bytes;
}
