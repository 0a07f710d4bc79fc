import { DOCUMENT_MAX_BYTES, DOCUMENT_REQUIRED, SubmitVerificationFields, ValidationError, type DocumentContentType } from '@civitas/events';
import type { FastifyRequest } from 'fastify';
import { readWholeFile } from '../lib/uploaded-file';
import { DocumentTooLargeError, documentContentType } from './document-image';

export const DOCUMENT_FIELD = 'documentImage';
const ONE_DOCUMENT = 'Attach one document image only.';
const TOO_MANY_FIELDS = 'The form has too many fields.';

/** Busboy's limits for this form: one file of at most 5 MB, a few short fields. */
export const UPLOAD_LIMITS = { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 8, fieldSize: 4096, parts: 10 } as const;

export interface VerificationSubmission {
  country: string;
  nationalId: string;
  document: { bytes: Buffer; contentType: DocumentContentType } | null;
}

/** The first issue of a contract's parse, as the route schemas would answer it. */
function parseFields(fields: unknown): { country: string; nationalId: string } {
  const parsed = SubmitVerificationFields.safeParse(fields);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

/**
 * POST /api/user/verifications in either form: JSON {country, nationalId}, or multipart with the
 * document image as well. Everything is read and checked here, before a byte is stored: the
 * size while it streams (413 beyond 5 MB), then the type by its content; the service decodes and
 * re-encodes it once the claim's own checks pass.
 */
export async function readVerificationSubmission(request: FastifyRequest): Promise<VerificationSubmission> {
  if (!request.isMultipart()) return { ...parseFields(request.body ?? {}), document: null };
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'file') {
        // Read to the end either way, so the stream moves on; a second file or a stray field name is refused.
        const content = await readWholeFile(part, () => new DocumentTooLargeError());
        if (part.fieldname !== DOCUMENT_FIELD || bytes !== null) throw new ValidationError(ONE_DOCUMENT);
        bytes = content;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  const { country, nationalId } = parseFields(fields);
  if (bytes === null) throw new ValidationError(DOCUMENT_REQUIRED);
  return { country, nationalId, document: { bytes, contentType: await documentContentType(bytes) } };
}

/** @fastify/multipart's limit errors in the platform's words; anything else as it is. */
function uploadError(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DocumentTooLargeError();
    case 'FST_FILES_LIMIT':
      return new ValidationError(ONE_DOCUMENT);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ValidationError(TOO_MANY_FIELDS);
    default:
      return error;
  }
}
