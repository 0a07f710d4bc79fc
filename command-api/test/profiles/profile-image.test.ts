import { createHash } from 'node:crypto';
import { PROFILE_IMAGE_NOT_AN_IMAGE, PROFILE_IMAGE_TOO_MANY_PIXELS, PROFILE_IMAGE_UNREADABLE, ValidationError } from '@civitas/events';
import { describe, expect, it } from 'vitest';
import { metadataOf, pngBomb, pngWithGps, sidewaysJpeg, smallImage } from './image-fixtures';
import { reencodeProfileImage } from '../../src/profiles/profile-image';

describe('reencodeProfileImage (docs/product.md, Rules: at most 400 px, JPEG quality 0.8; issue 14: metadata stripped, bombs refused)', () => {
  it('writes a JPEG of at most 400 px without EXIF (GPS), ICC or XMP, named by the sha256 of its bytes', async () => {
    const input = await pngWithGps(1200, 900);
    expect((await metadataOf(input)).exif).toBeDefined();
    const { bytes, hash } = await reencodeProfileImage(input);
    const stored = await metadataOf(bytes);
    expect(stored).toMatchObject({ format: 'jpeg', width: 400, height: 300, exif: undefined, icc: undefined, xmp: undefined, iptc: undefined });
    expect(hash).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('turns a sideways photo upright by its EXIF orientation before dropping the EXIF', async () => {
    const { bytes } = await reencodeProfileImage(await sidewaysJpeg());
    expect(await metadataOf(bytes)).toMatchObject({ width: 200, height: 400, orientation: undefined, exif: undefined });
  });

  it('never enlarges a small picture, and takes GIF and WebP (transparency on white)', async () => {
    for (const format of ['gif', 'webp', 'png'] as const) {
      const { bytes } = await reencodeProfileImage(await smallImage(format));
      expect(await metadataOf(bytes)).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    }
  });

  it('judges the content, not the name: text, SVG and PDF are refused', async () => {
    for (const content of ['#!/bin/sh\nrm -rf /\n', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', '%PDF-1.4\n%\u00e2\u00e3\n']) {
      await expect(reencodeProfileImage(Buffer.from(content))).rejects.toThrow(new ValidationError(PROFILE_IMAGE_NOT_AN_IMAGE));
    }
  });

  it('refuses a decompression bomb by its header, before decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100);
    await expect(reencodeProfileImage(bomb)).rejects.toThrow(new ValidationError(PROFILE_IMAGE_TOO_MANY_PIXELS));
  });

  it('refuses a damaged image with a clear message', async () => {
    const truncated = (await smallImage('png')).subarray(0, 60);
    await expect(reencodeProfileImage(truncated)).rejects.toThrow(new ValidationError(PROFILE_IMAGE_UNREADABLE));
  });
});
