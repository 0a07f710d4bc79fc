import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A PNG carrying EXIF with a GPS position (and a camera make), as phones write them. */
export async function pngWithGps(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .withIccProfile('p3')
    .png()
    .toBuffer();
}

/** A JPEG stored sideways with EXIF orientation 6 (turn 90° clockwise to view). */
export const sidewaysJpeg = () =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: '#cc3333' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

export const smallImage = (format: 'gif' | 'webp' | 'png' | 'jpeg', width = 120, height = 80) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 160, b: 60, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG padded with a private ancillary chunk (decoders skip it) to exactly `size` bytes. */
export async function pngOfSize(size: number): Promise<Buffer> {
  const png = await smallImage('png');
  const iend = png.subarray(png.length - 12);
  const padding = size - png.length - 12;
  return Buffer.concat([png.subarray(0, png.length - 12), pngChunk('prVt', Buffer.alloc(padding)), iend]);
}

/** A PNG of side × side pixels of the given depth and colour type, with `idat` as its data. */
function squarePng(side: number, bitDepth: number, colourType: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A decompression bomb: a few dozen bytes whose header claims 20000 × 20000 truecolour pixels. */
export const pngBomb = (side = 20_000) => squarePng(side, 8, 2, Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));

/**
 * A decompression bomb that is a valid image: a 1-bit grey PNG whose rows all decode (10000 × 10000
 * is about 12 KB on disk, 100 megapixels once decoded). Each row: filter byte 0, then black pixels.
 */
export const validPngBomb = (side = 10_000) => squarePng(side, 1, 0, deflateSync(Buffer.alloc((1 + Math.ceil(side / 8)) * side), { level: 9 }));

/** A real small JPEG whose frame header (SOF) is rewritten to claim width × height. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  for (let at = 2; at < jpeg.length - 9;) {
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no frame header');
}

/** A JPEG photo with EXIF GPS, a camera make, XMP and an ICC profile, as phones write them; orientation 6 if `sideways`. */
export async function jpegWithGps(width: number, height: number, { sideways = false } = {}): Promise<Buffer> {
  const photo = sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 2/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '31/1 14/1 0/1' } })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="30,2N"/></rdf:RDF></x:xmpmeta>',
    )
    .withIccProfile('p3')
    .jpeg({ quality: 90 });
  return (sideways ? photo.withMetadata({ orientation: 6 }) : photo).toBuffer();
}

/** What a stored image carries besides its pixels. */
export async function metadataOf(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  return {
    format: metadata.format,
    width: metadata.width,
    height: metadata.height,
    exif: metadata.exif,
    icc: metadata.icc,
    xmp: metadata.xmp,
    iptc: metadata.iptc,
    orientation: metadata.orientation,
  };
}
