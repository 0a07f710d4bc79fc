import { createHash } from 'node:crypto';
import {
  PROFILE_IMAGE_MAX_SIDE, PROFILE_IMAGE_NOT_AN_IMAGE, PROFILE_IMAGE_QUALITY, PROFILE_IMAGE_TOO_MANY_PIXELS, PROFILE_IMAGE_UNREADABLE, ValidationError,
} from '@civitas/events';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** What the content must be, whatever name or type the upload claims. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
/**
 * A decompression bomb is a small file of huge dimensions: refused by its header before it is
 * decoded. 40 megapixels is more than any phone camera gives.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface ReencodedImage {
  bytes: Buffer;
  /** sha256 of the output, hex: the picture's name in its URL. */
  hash: string;
}

/**
 * Decodes the upload and writes a new JPEG: turned upright by its EXIF orientation, every
 * metadata block (EXIF with GPS, ICC, XMP) left behind, at most 400 px on the longer side (never
 * enlarged), transparency on white, quality 80. Only the pixels of the member's picture survive.
 */
export async function reencodeProfileImage(input: Buffer): Promise<ReencodedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw new ValidationError(PROFILE_IMAGE_NOT_AN_IMAGE);
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw new ValidationError(PROFILE_IMAGE_UNREADABLE);
  }
  if (!width || !height) throw new ValidationError(PROFILE_IMAGE_UNREADABLE);
  if (width * height > MAX_INPUT_PIXELS) throw new ValidationError(PROFILE_IMAGE_TOO_MANY_PIXELS);
  let bytes: Buffer;
  try {
    // Only the first frame of an animation; the pixel limit holds again while decoding.
    bytes = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .resize(PROFILE_IMAGE_MAX_SIDE, PROFILE_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: Math.round(PROFILE_IMAGE_QUALITY * 100) })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ValidationError(PROFILE_IMAGE_TOO_MANY_PIXELS);
    throw new ValidationError(PROFILE_IMAGE_UNREADABLE);
  }
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex') };
}
