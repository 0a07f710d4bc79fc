import sharp from 'sharp';

/**
 * A decompression bomb is a small file of huge dimensions: refused by its header before it is
 * decoded. 40 megapixels is more than any phone camera gives.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageRefusal = 'too-many-pixels' | 'unreadable';

export interface JpegReencoding {
  /** The longer side at most (never enlarged). */
  maxSide: number;
  /** JPEG quality, 1-100. */
  quality: number;
  /** The feature's own error for each refusal. */
  refuse: (reason: ImageRefusal) => Error;
}

/**
 * Decodes the image and writes a new JPEG: turned upright by its EXIF orientation, every metadata
 * block (EXIF with GPS, ICC, XMP, IPTC) left behind, the first frame of an animation only,
 * transparency on white. Only the pixels survive. The type is the caller's to check first.
 */
export async function reencodeAsJpeg(input: Buffer, { maxSide, quality, refuse }: JpegReencoding): Promise<Buffer> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header alone: sharp's own limit would throw here before we can say why.
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw refuse('unreadable');
  }
  if (!width || !height) throw refuse('unreadable');
  if (width * height > MAX_INPUT_PIXELS) throw refuse('too-many-pixels');
  try {
    // The pixel limit holds again while decoding (a header and its data may disagree).
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw refuse('too-many-pixels');
    throw refuse('unreadable');
  }
}
