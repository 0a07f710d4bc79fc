import { createHash } from 'node:crypto';
import {
  PROFILE_IMAGE_MAX_SIDE,
  PROFILE_IMAGE_NOT_AN_IMAGE,
  PROFILE_IMAGE_QUALITY,
  PROFILE_IMAGE_TOO_MANY_PIXELS,
  PROFILE_IMAGE_UNREADABLE,
  ValidationError,
} from '@civitas/events';
import { fileTypeFromBuffer } from 'file-type';
import { reencodeAsJpeg, type ImageRefusal } from '../lib/image-reencoding';

/** What the content must be, whatever name or type the upload claims. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const REFUSALS: Record<ImageRefusal, string> = { 'too-many-pixels': PROFILE_IMAGE_TOO_MANY_PIXELS, unreadable: PROFILE_IMAGE_UNREADABLE };

export interface ReencodedImage {
  bytes: Buffer;
  /** sha256 of the output, hex: the picture's name in its URL. */
  hash: string;
}

/** A new JPEG of the member's picture (only its pixels): at most 400 px on the longer side, quality 80. */
export async function reencodeProfileImage(input: Buffer): Promise<ReencodedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw new ValidationError(PROFILE_IMAGE_NOT_AN_IMAGE);
  const bytes = await reencodeAsJpeg(input, {
    maxSide: PROFILE_IMAGE_MAX_SIDE,
    quality: Math.round(PROFILE_IMAGE_QUALITY * 100),
    refuse: (reason) => new ValidationError(REFUSALS[reason]),
  });
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex') };
}
