import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_NOT_AN_IMAGE,
  DOCUMENT_REQUIRED,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TOO_MANY_PIXELS,
  DOCUMENT_UNREADABLE,
  DomainError,
  ValidationError,
  type DocumentContentType,
} from '@civitas/events';
import { fileTypeFromBuffer } from 'file-type';
import { reencodeAsJpeg, type ImageRefusal } from '../lib/image-reencoding';

/** 413: the document is over the 5 MB docs/product.md, Constants, allows; nothing of it is kept. */
export class DocumentTooLargeError extends DomainError {
  constructor() {
    super(DOCUMENT_TOO_LARGE, 413);
  }
}

/** 415: the bytes are no JPG, PNG or GIF, whatever their name or declared type says. */
export class UnsupportedDocumentError extends DomainError {
  constructor() {
    super(DOCUMENT_NOT_AN_IMAGE, 415);
  }
}

/**
 * 422: an accepted type and size, but not an image the server will decode: more pixels than it takes
 * (a decompression bomb is a few KB, so 413 would be untrue), or damaged.
 */
export class UnprocessableDocumentError extends DomainError {
  constructor(reason: ImageRefusal) {
    super(reason === 'too-many-pixels' ? DOCUMENT_TOO_MANY_PIXELS : DOCUMENT_UNREADABLE, 422);
  }
}

// An animated PNG is a PNG to a reviewer's browser.
const AS_DOCUMENT_TYPE: Record<string, DocumentContentType> = { 'image/apng': 'image/png' };

/** The document's type from its content (magic bytes); the declared type and the file name are never trusted. */
export async function documentContentType(bytes: Uint8Array): Promise<DocumentContentType> {
  if (bytes.length === 0) throw new ValidationError(DOCUMENT_REQUIRED);
  const detected = await fileTypeFromBuffer(bytes);
  const type = detected ? (AS_DOCUMENT_TYPE[detected.mime] ?? detected.mime) : null;
  if (!type || !(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type)) throw new UnsupportedDocumentError();
  return type as DocumentContentType;
}

/** A phone photo of a passport at this size still reads its smallest print (docs/decisions.md, Nationality verification with documents). */
export const DOCUMENT_MAX_SIDE = 2560;
/** High enough for small print; the second only when the first would store more than the limit (pure noise comes near it, no photo of a document does). */
const DOCUMENT_QUALITIES = [90, 75] as const;

/**
 * A new JPEG of the document's pixels (as profile pictures are, with more resolution): no EXIF, GPS,
 * XMP or ICC reaches a reviewer, and no bomb reaches their browser. At most `maxBytes` stored.
 */
export async function reencodeDocument(input: Buffer, maxBytes = DOCUMENT_MAX_BYTES): Promise<{ bytes: Buffer; contentType: 'image/jpeg' }> {
  for (const quality of DOCUMENT_QUALITIES) {
    const bytes = await reencodeAsJpeg(input, { maxSide: DOCUMENT_MAX_SIDE, quality, refuse: (reason) => new UnprocessableDocumentError(reason) });
    if (bytes.length <= maxBytes) return { bytes, contentType: 'image/jpeg' };
  }
  throw new DocumentTooLargeError();
}
