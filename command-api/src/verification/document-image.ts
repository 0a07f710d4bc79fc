import { DOCUMENT_CONTENT_TYPES, DOCUMENT_NOT_AN_IMAGE, DOCUMENT_REQUIRED, DOCUMENT_TOO_LARGE, DomainError, ValidationError, type DocumentContentType } from '@civitas/events';
import { fileTypeFromBuffer } from 'file-type';

/** 413: the document is over the 5 MB the spec allows; nothing of it is kept. */
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
