import { DOCUMENT_TOO_LARGE, DOCUMENT_TOO_MANY_PIXELS, DOCUMENT_UNREADABLE } from '@civitas/events';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedUpload } from '../../../test-support/paced-upload';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { makeAdmin } from '../moderation/moderation-members';
import { newMember, type Member } from '../participation/members';
import { jpegClaiming, jpegWithGps, metadataOf, validPngBomb } from '../profiles/image-fixtures';
import { DOCUMENT_MAX_SIDE, reencodeDocument } from '../../src/verification/document-image';
import { DAMAGED_JPEG, MAX_BYTES, PNG, submitWithDocument } from './verification-uploads';

/** A page of fine print: one-pixel strokes a reviewer must still tell apart. */
const finePrint = (width: number, height: number) => {
  const lines = Array.from(
    { length: Math.floor(height / 6) },
    (_, row) => `<rect x="20" y="${row * 6}" width="${width - 40 - (row % 7) * 30}" height="1"/>`,
  ).join('');
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f6f1e4"/>${lines}</svg>`),
  )
    .jpeg({ quality: 95 })
    .toBuffer();
};

/** Mean difference (0-255) of two images' grey levels at the size of `a`. */
async function greyDifference(a: Buffer, b: Buffer): Promise<number> {
  const { width, height } = await sharp(a).metadata();
  const [left, right] = await Promise.all([a, b].map((image) => sharp(image).resize(width, height, { fit: 'fill' }).greyscale().raw().toBuffer()));
  let sum = 0;
  for (let index = 0; index < left!.length; index += 1) sum += Math.abs(left![index]! - right![index]!);
  return sum / left!.length;
}

describe('nationality documents are re-encoded on the server (issue 38)', () => {
  let server: TestServer;
  let reviewer: Member;
  beforeAll(async () => {
    server = await startTestServer();
    reviewer = await makeAdmin(server, await newMember(server, 'Reviewer'));
  });
  afterAll(async () => server?.close());

  const upload = async (bytes: Buffer, nationalId: string, name = 'passport.jpg') => {
    const member = await newMember(server, 'Holder');
    return { member, answer: await submitWithDocument(server, member, { country: 'Egypt', nationalId, file: { bytes, name, type: 'image/jpeg' } }) };
  };
  /** The document's bytes as a reviewer's browser receives them. */
  const asReviewer = async (owner: Member, url: string) => {
    if (owner.browser.position && (!reviewer.browser.position || owner.browser.position > reviewer.browser.position))
      reviewer.browser.position = owner.browser.position;
    const response = await reviewer.browser.get(url);
    expect(response.status).toBe(200);
    return {
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };
  const traces = async (member: Member) => ({
    events: (await server.query(`select 1 from events where stream_id = $1 and type like 'Verification%'`, [`user-${member.userId}`])).length,
    reservations: (await server.query(`select 1 from events where type = 'NationalIdReserved' and data->>'userId' = $1`, [member.userId])).length,
    documents: (await server.query('select 1 from personal_documents where subject_id = $1', [member.userId])).length,
  });

  it('serves a phone photo with EXIF GPS, XMP and ICC to the reviewer without any of them, upright and at its own size', async () => {
    const photo = await jpegWithGps(1600, 1200, { sideways: true });
    const sent = await sharp(photo).metadata();
    expect([sent.exif, sent.xmp, sent.icc, sent.orientation]).toEqual([expect.any(Buffer), expect.any(Buffer), expect.any(Buffer), 6]);
    const { member, answer } = await upload(photo, '29201010000001');
    expect(answer.status).toBe(201);

    const served = await asReviewer(member, answer.body.verification.documentImageUrl);
    expect(served.type).toBe('image/jpeg');
    expect(served.disposition).toBe('inline; filename="document.jpg"');
    // Turned upright (orientation 6), nothing but pixels: no EXIF (so no GPS), XMP, ICC or IPTC block.
    expect(await metadataOf(served.bytes)).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 1600,
      exif: undefined,
      icc: undefined,
      xmp: undefined,
      iptc: undefined,
      orientation: undefined,
    });
    for (const marker of ['Exif\0\0', 'adobe:ns:meta', 'ICC_PROFILE']) expect(served.bytes.includes(Buffer.from(marker, 'latin1'))).toBe(false);
  });

  it('keeps a document readable: its size up to the limit, fine print intact; a larger scan is scaled to the limit, no smaller', async () => {
    const page = await finePrint(2400, 1700);
    const kept = await upload(page, '29201010000002');
    expect(kept.answer.status).toBe(201);
    const served = await asReviewer(kept.member, kept.answer.body.verification.documentImageUrl);
    expect(await metadataOf(served.bytes)).toMatchObject({ width: 2400, height: 1700 });
    expect(await greyDifference(page, served.bytes)).toBeLessThan(2);

    const large = await upload(await finePrint(4032, 3024), '29201010000003');
    expect(large.answer.status).toBe(201);
    const scaled = await asReviewer(large.member, large.answer.body.verification.documentImageUrl);
    expect(await metadataOf(scaled.bytes)).toMatchObject({ width: DOCUMENT_MAX_SIDE, height: 1920 });
  });

  it('refuses decompression bombs with 422 before decoding them, keeping nothing', async () => {
    // A valid 12 KB PNG of 10000 × 10000 pixels, and a real JPEG whose header claims 60000 × 60000.
    const bombs = [validPngBomb(10_000), await jpegClaiming(60_000, 60_000)];
    expect(bombs[0]!.length).toBeLessThan(16_000);
    for (const [index, bomb] of bombs.entries()) {
      const { member, answer } = await upload(bomb, `2920101000001${index}`, 'scan.png');
      expect(answer).toEqual({ status: 422, body: { message: DOCUMENT_TOO_MANY_PIXELS } });
      expect(await traces(member)).toEqual({ events: 0, reservations: 0, documents: 0 });
    }
  });

  it('refuses a damaged image (a JPEG header and nothing to decode) with 422, keeping nothing', async () => {
    const { member, answer } = await upload(DAMAGED_JPEG, '29201010000020');
    expect(answer).toEqual({ status: 422, body: { message: DOCUMENT_UNREADABLE } });
    expect(await traces(member)).toEqual({ events: 0, reservations: 0, documents: 0 });
  });

  it('holds the 5 MB limit however the upload is paced: an image with more than 5 MB after its end is 413', async () => {
    const member = await newMember(server, 'Paced');
    const padded = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES)]);
    const answer = await pacedUpload(
      member.browser,
      '/api/user/verifications',
      {
        fields: { country: 'Egypt', nationalId: '29201010000030' },
        file: { field: 'documentImage', name: 'id.png', type: 'image/png', bytes: padded },
      },
      MAX_BYTES,
    );
    expect(answer).toEqual({ status: 413, body: { message: DOCUMENT_TOO_LARGE } });
    expect(await traces(member)).toEqual({ events: 0, reservations: 0, documents: 0 });
  });

  it('stores at most the limit: a lower quality once, then 413', async () => {
    const noise = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    const atBest = (await reencodeDocument(noise)).bytes.length;
    const second = await reencodeDocument(noise, atBest - 1);
    expect(second.bytes.length).toBeLessThan(atBest);
    await expect(reencodeDocument(noise, 1000)).rejects.toMatchObject({ statusCode: 413, message: DOCUMENT_TOO_LARGE });
  });
});
